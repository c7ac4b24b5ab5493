export { RadioGroup, YES_NO_OPTIONS, type RadioGroupProps, type RadioOption } from './RadioGroup';
