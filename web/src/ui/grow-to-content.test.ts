import { afterEach, describe, expect, it, vi } from 'vitest';

const field = (value: string) => {
  const element = document.createElement('textarea');
  element.value = value;
  Object.defineProperty(element, 'scrollHeight', { value: 90 });
  Object.defineProperty(element, 'offsetHeight', { value: 45 });
  Object.defineProperty(element, 'clientHeight', { value: 43 });
  return element;
};

describe('growToContent', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.resetModules();
  });

  it('leaves the field to CSS where the browser sizes it to its content', async () => {
    vi.stubGlobal('CSS', { supports: (property: string, value: string) => property === 'field-sizing' && value === 'content' });
    const { growToContent } = await import('./grow-to-content');
    const typed = field('Bonjour,\nvoici la maquette.');
    growToContent(typed);
    expect(typed.style.height).toBe('');
  });

  it('elsewhere grows the field to what is typed, borders included, and lets an empty one go back to its least height', async () => {
    vi.stubGlobal('CSS', { supports: () => false });
    const { growToContent } = await import('./grow-to-content');
    const typed = field('Bonjour,\nvoici la maquette.');
    growToContent(typed);
    expect(typed.style.height).toBe('92px');
    typed.value = '';
    growToContent(typed);
    expect(typed.style.height).toBe('');
  });
});
