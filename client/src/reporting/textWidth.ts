// NOTE: the writer's font metrics live in shared/ so the bridge's scheduled exports measure alike.
export { textWidth } from '../../../shared/export/textWidth';
