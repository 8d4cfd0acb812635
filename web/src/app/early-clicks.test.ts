import { afterEach, describe, expect, it, vi } from 'vitest';
import { waitFor } from '@testing-library/react';
import { holdEarlyClicks } from './early-clicks';

/** What React leaves on an element it has taken over. */
function takeOver(...elements: Element[]): void {
  for (const element of elements) Object.assign(element, { '__reactProps$test': {} });
}

function drawnPage(html: string): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = html;
  document.body.append(root);
  return root;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('holdEarlyClicks', () => {
  it('holds the last tap on a button of the drawn page and gives it to that button once released', () => {
    const root = drawnPage('<button id="a">Valider</button><button id="b">Ouvrir un litige</button>');
    const early = holdEarlyClicks(root);
    const a = root.querySelector<HTMLButtonElement>('#a')!;
    const b = root.querySelector<HTMLButtonElement>('#b')!;
    b.click();
    a.click();
    a.click();
    // The app's handlers, attached when it takes the page over.
    const onA = vi.fn();
    const onB = vi.fn();
    a.addEventListener('click', onA);
    b.addEventListener('click', onB);
    takeOver(a, b);
    early.release();
    expect(onA).toHaveBeenCalledTimes(1);
    expect(onB).not.toHaveBeenCalled();
    // Released: taps reach the page as they come, and a second release gives nothing again.
    a.click();
    early.release();
    expect(onA).toHaveBeenCalledTimes(2);
  });

  it('keeps a form from being sent by the browser before the app can send it', () => {
    const root = drawnPage('<form><textarea name="message">Bonjour</textarea><button type="submit">Envoyer</button></form>');
    holdEarlyClicks(root);
    const form = root.querySelector('form')!;
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('button')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(true);
  });

  it('leaves links to the browser, and a box to tick unticked until the app ticks it', () => {
    const root = drawnPage('<a href="/faq"><span>Aide</span></a><label for="cgu">J’accepte</label><input id="cgu" type="checkbox">');
    const early = holdEarlyClicks(root);
    const link = new MouseEvent('click', { bubbles: true, cancelable: true });
    root.querySelector('span')!.dispatchEvent(link);
    expect(link.defaultPrevented).toBe(false);
    root.querySelector('label')!.click();
    const box = root.querySelector<HTMLInputElement>('#cgu')!;
    expect(box.checked).toBe(false);
    takeOver(root.querySelector('label')!);
    early.release();
    expect(box.checked).toBe(true);
  });

  it('gives nothing to a control the app no longer shows, or shows disabled', () => {
    const root = drawnPage('<button id="gone">Payer</button><button id="off">Finaliser</button>');
    const gone = root.querySelector<HTMLButtonElement>('#gone')!;
    const first = holdEarlyClicks(root);
    gone.click();
    const onGone = vi.fn();
    gone.addEventListener('click', onGone);
    gone.remove();
    first.release();
    expect(onGone).not.toHaveBeenCalled();

    const off = root.querySelector<HTMLButtonElement>('#off')!;
    const second = holdEarlyClicks(root);
    off.click();
    off.disabled = true;
    const onOff = vi.fn();
    off.addEventListener('click', onOff);
    second.release();
    expect(onOff).not.toHaveBeenCalled();
  });

  it('waits, when released, until the app has taken the control itself over', async () => {
    const root = drawnPage('<button>Participer</button>');
    const early = holdEarlyClicks(root);
    const button = root.querySelector('button')!;
    button.click();
    const onClick = vi.fn();
    button.addEventListener('click', onClick);
    // The first commit came; the route's part of the page is taken over in a pass of its own.
    early.release();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(onClick).not.toHaveBeenCalled();
    takeOver(button);
    await waitFor(() => expect(onClick).toHaveBeenCalledTimes(1));
  });

  it('ignores taps outside the drawn page', () => {
    const root = drawnPage('<button>Valider</button>');
    const outside = document.createElement('button');
    document.body.append(outside);
    holdEarlyClicks(root);
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    outside.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
  });
});
