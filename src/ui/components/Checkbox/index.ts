export { Checkbox, type CheckboxProps } from './Checkbox';
export {
  CheckboxGroup,
  isEveryItemChecked,
  SELECT_ALL_LABEL,
  setEveryItem,
  type CheckboxGroupProps,
  type CheckboxItem,
} from './CheckboxGroup';
