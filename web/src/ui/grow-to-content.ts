/**
 * A text field sized to what is typed in it, between its CSS min-height and max-height. The
 * browser does it itself where CSS has `field-sizing: content`; elsewhere the field is measured
 * here, and only once it holds text. Mantine's `autosize` measured it as the page was taken over,
 * copying some twenty computed styles to a hidden field and laying the page out twice: 100 to
 * 170 ms on a slowed phone for an empty message field.
 */
let sizedByCss: boolean | undefined;

export function growToContent(field: HTMLTextAreaElement): void {
  sizedByCss ??= typeof CSS !== 'undefined' && typeof CSS.supports === 'function' && CSS.supports('field-sizing', 'content');
  if (sizedByCss) return;
  field.style.height = '';
  if (field.value) field.style.height = `${field.scrollHeight + field.offsetHeight - field.clientHeight}px`;
}
