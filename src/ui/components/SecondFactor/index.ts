export { CodeForm, RecoveryCodes, SecondFactorChoice, SecretPanel, type SecretPanelProps } from './SecondFactor';
