export { removeNewlines, TextArea, TEXT_AREA_DEFAULT_LIMIT, type TextAreaProps } from './TextArea';
