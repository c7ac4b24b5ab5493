export { Button, BUTTON_LOADING_TEXT, type ButtonProps } from './Button';
