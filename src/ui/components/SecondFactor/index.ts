export { CodeForm, RecoveryCodes, SecretPanel, type SecretPanelProps } from './SecondFactor';
