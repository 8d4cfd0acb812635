import { describe, expect, it, vi } from 'vitest';
import { useState } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { ProposalRating } from './ProposalRating';

/** The rating as a page holds it: the note it saves is the note it shows next. */
function renderRating(initial: number) {
  const onRate = vi.fn();
  function Page() {
    const [stars, setStars] = useState(initial);
    return (
      <ProposalRating
        stars={stars}
        size="md"
        label="Note de la proposition #4"
        onRate={(note) => {
          onRate(note);
          setStars(note);
        }}
      />
    );
  }
  renderWithProviders(<Page />);
  return { onRate, group: screen.getByRole('radiogroup', { name: 'Note de la proposition #4' }) };
}

const star = (n: number) => screen.getByRole('radio', { name: n > 1 ? `${n} étoiles` : `${n} étoile` });
const label = (n: number) => document.querySelector<HTMLElement>(`label[for="${star(n).id}"]`)!;
const filled = (group: HTMLElement) => group.querySelectorAll('label[data-filled]').length;

describe('ProposalRating', () => {
  it('is a group of five radios named by their note, the current one checked and its stars filled', () => {
    const { group } = renderRating(3);
    expect(screen.getAllByRole('radio')).toHaveLength(5);
    expect(star(3)).toBeChecked();
    expect(star(1)).toHaveAccessibleName('1 étoile');
    expect(filled(group)).toBe(3);
  });

  it('keeps the note a click gives, and keeps the note when its own star is clicked again', async () => {
    const user = userEvent.setup();
    const { onRate, group } = renderRating(0);
    expect(screen.queryByRole('button', { name: /^Retirer la note/ })).toBeNull();
    await user.click(label(4));
    expect(onRate).toHaveBeenLastCalledWith(4);
    expect(star(4)).toBeChecked();
    expect(filled(group)).toBe(4);
    await user.click(label(4));
    expect(onRate).toHaveBeenCalledTimes(1);
    expect(star(4)).toBeChecked();
  });

  it('shows the note the arrows reach without saving it; Space keeps it, leaving shows the saved note again', async () => {
    const user = userEvent.setup();
    const { onRate, group } = renderRating(2);
    await user.tab();
    expect(star(2)).toHaveFocus();
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(star(4)).toHaveFocus();
    expect(filled(group)).toBe(4);
    expect(onRate).not.toHaveBeenCalled();
    expect(star(2)).toBeChecked();

    await user.keyboard(' ');
    expect(onRate).toHaveBeenCalledExactlyOnceWith(4);
    expect(star(4)).toBeChecked();

    await user.keyboard('{ArrowLeft}');
    expect(filled(group)).toBe(3);
    await user.tab();
    expect(filled(group)).toBe(4);
    expect(onRate).toHaveBeenCalledTimes(1);
  });

  it('takes the note away by its own button', async () => {
    const user = userEvent.setup();
    const { onRate, group } = renderRating(5);
    await user.click(screen.getByRole('button', { name: 'Retirer la note (note de la proposition #4)' }));
    expect(onRate).toHaveBeenLastCalledWith(0);
    expect(filled(group)).toBe(0);
    expect(screen.queryByRole('radio', { checked: true })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Retirer la note/ })).toBeNull();
  });
});
