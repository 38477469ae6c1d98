// NOTE: the row readers live in shared/ so the bridge's scheduled e-mails read rows as the screens do.
export { count, listOf, siteFields, text } from '../../../../../shared/reports/rowFields';
