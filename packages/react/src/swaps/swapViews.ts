/** Swap and its token picker in one chunk: they share the flow, its texts and formatting. */
export { default as SwapContainer } from './SwapContainer.tsx'
export { default as SwapTokenPickerContainer } from './SwapTokenPickerContainer.tsx'
