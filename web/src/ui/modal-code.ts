// Mantine's dialog, with its scroll lock and focus trap: fetched when a page first needs a dialog.
export { Modal as default } from '@mantine/core';
