export { RevealButton, REVEAL_FAILED, type RevealButtonProps } from './RevealButton';
export { useReveal, useShownNumber, type RevealActor } from './useReveal';
