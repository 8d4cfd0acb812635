import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { MESSAGES } from '@creadefi/domain';
import { OrganiserComment } from './OrganiserComment';

const F = MESSAGES.feedback;

describe('the organiser’s comment on the talent’s own proposal', () => {
  it('shows the text and its date', () => {
    render(
      <MantineProvider env="test">
        <OrganiserComment comment={{ text: 'Très belle piste,\nà affiner.', at: '2026-03-05T10:00:00.000Z' }} />
      </MantineProvider>,
    );
    expect(screen.getByText(F.yourComment)).toBeInTheDocument();
    expect(screen.getByTestId('organiser-comment')).toHaveTextContent('Très belle piste, à affiner.');
    expect(screen.getByText(F.sentOn('05/03/2026'))).toBeInTheDocument();
  });

  it('shows nothing before the organiser commented', () => {
    render(
      <MantineProvider env="test">
        <OrganiserComment comment={null} />
      </MantineProvider>,
    );
    expect(screen.queryByTestId('organiser-comment')).not.toBeInTheDocument();
    expect(screen.queryByText(F.yourComment)).not.toBeInTheDocument();
  });
});
