/** An event of a Chromium performance trace (the Trace Event Format), as the browser benches read it. */
export interface TraceEvent {
  name: string;
  /** Its phase: 'X' a complete event, 'M' metadata (a thread's or a process's name), … */
  ph: string;
  pid: number;
  tid: number;
  /** Start, µs. */
  ts: number;
  /** Wall time, µs. */
  dur?: number;
  /** Thread time, µs. */
  tdur?: number;
  args?: {
    name?: string;
    data?: {
      url?: string;
      functionName?: string;
      name?: string;
      documentLoaderURL?: string;
      dataLength?: number;
    };
    /** A mojo message's interface (which of the browser's channels it came on). */
    chrome_mojo_event_info?: { mojo_interface_tag?: string; watcher_notify_interface_tag?: string };
  };
}
