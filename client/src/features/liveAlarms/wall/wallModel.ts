// The views are part of the wall displays' contract (a paired wall shows the ones chosen for it).
export { WALL_VIEWS, type WallView } from '../../../../../shared/walls/wallApi';

export const HOUR_MS = 3_600_000;
