import { feedRoom } from '../../shared/live/protocol';
import type { FeedPublisher } from '../feeds/agencyFeed';
import type { Metrics } from '../observability/metrics';
import type { LiveNamespace } from './liveServer';

/** A feed's deltas and status go to its room: one encode per broadcast, however many screens. */
export function feedBroadcast(nsp: LiveNamespace, metrics: Pick<Metrics, 'broadcastLag'>): FeedPublisher {
  return {
    delta(ref, msg) {
      nsp.to(feedRoom(ref)).emit('delta', msg);
      // From the end of the poll to the delta handed to the sockets (store commit included).
      metrics.broadcastLag.observe((Date.now() - msg.at) / 1000);
    },
    status(ref, msg) {
      nsp.to(feedRoom(ref)).emit('status', msg);
    },
  };
}
