// Mantine's tooltip, with its positioning engine: fetched when a page first needs a tooltip.
export { Tooltip as default } from '@mantine/core';
