export { UrgencyText } from './UrgencyText';
