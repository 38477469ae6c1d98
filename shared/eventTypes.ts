/**
 * Event type codes and their descriptions, exactly as the spec lists them
 * (docs/product/live-alarms-and-testing.md#entities).
 */
export const EVENT_TYPES = [
  { eventrpt_id: 'A', descr: 'A/C LOSS' },
  { eventrpt_id: 'B', descr: 'BURGLARY' },
  { eventrpt_id: 'CF', descr: 'COMMUNICATION FAILURE' },
  { eventrpt_id: 'CI', descr: 'CALLER ID' },
  { eventrpt_id: 'CM', descr: 'CALLER ID MISMATCH' },
  { eventrpt_id: 'CR', descr: 'RESET/CANCEL' },
  { eventrpt_id: 'D', descr: 'DISPATCH' },
  { eventrpt_id: 'F', descr: 'FIRE' },
  { eventrpt_id: 'FC', descr: 'FAIL TO CLOSE' },
  { eventrpt_id: 'FO', descr: 'FAIL TO OPEN' },
  { eventrpt_id: 'HU', descr: 'HOLDUP' },
  { eventrpt_id: 'LB', descr: 'LOW BATTERY' },
  { eventrpt_id: 'LT', descr: '4820 SERIES' },
  { eventrpt_id: 'M', descr: 'MISC' },
  { eventrpt_id: 'ME', descr: 'MEDICAL' },
  { eventrpt_id: 'NT', descr: 'NO TIMER TEST' },
  { eventrpt_id: 'O', descr: 'OPEN/CLOSE' },
  { eventrpt_id: 'OA', descr: 'OPERATOR ACTION' },
  { eventrpt_id: 'P', descr: 'PANIC' },
  { eventrpt_id: 'R', descr: 'RESTORE' },
  { eventrpt_id: 'SP', descr: 'SUPERVISORY' },
  { eventrpt_id: 'T', descr: 'TIMER TEST' },
  { eventrpt_id: 'TE', descr: 'TEST EVENTS' },
  { eventrpt_id: 'TR', descr: 'TROUBLE' },
  { eventrpt_id: 'U', descr: 'UNDEFINED AND UNKNOWN' },
  { eventrpt_id: 'VA', descr: 'VIDEO ACTIVATION' },
] as const;

export type EventTypeCode = (typeof EVENT_TYPES)[number]['eventrpt_id'];
export const EVENT_TYPE_CODES = EVENT_TYPES.map((t) => t.eventrpt_id) as readonly EventTypeCode[];

/** Event types that raise an active alarm when not on test. */
export const ALARM_EVENT_TYPES: readonly EventTypeCode[] = ['B', 'F', 'HU', 'ME', 'P', 'VA', 'SP', 'CF', 'A'];

/** Alarm colours with special row gradients (docs/product/live-alarms-and-testing.md#constants). */
export const GRADIENT_ALARM_COLOURS = ['red', 'blue', 'dark green', 'dark blue'] as const;

/**
 * Manual-signal event id written when a dispatch is cancelled
 * (docs/product/live-alarms-and-testing.md#constants).
 */
export const MANUAL_SIGNAL_CANCEL_EVENT_ID = '4618';
