import { describe, expect, it } from 'vitest';
import { AUTO_VALIDATION_DELAY_MS, CONTEST_DURATION_MS, MISSION_ACCEPTANCE_DELAY_MS } from './contest-status';
import { DAY_MS, durationInDays, durationInHours, HOUR_MS, MINUTE_MS } from './durations';
import { FAQ } from './faq';
import { CONCEPT_STEPS } from './messages/landing';
import { MESSAGES } from './messages';

const faqText = FAQ.flatMap((section) => section.entries.flatMap((entry) => entry.details)).join('\n');

describe('durations', () => {
  it('builds the units from one another', () => {
    expect(MINUTE_MS).toBe(60_000);
    expect(HOUR_MS).toBe(3_600_000);
    expect(DAY_MS).toBe(86_400_000);
  });

  it('states the durations of the product rules in today’s words', () => {
    expect(durationInDays(CONTEST_DURATION_MS)).toBe('7 jours');
    expect(durationInHours(AUTO_VALIDATION_DELAY_MS)).toBe('48 heures');
    expect(durationInHours(MISSION_ACCEPTANCE_DELAY_MS)).toBe('48 heures');
  });

  it('says one day and one hour in the singular', () => {
    expect(durationInDays(DAY_MS)).toBe('1 jour');
    expect(durationInHours(HOUR_MS)).toBe('1 heure');
    expect(durationInDays(3 * DAY_MS)).toBe('3 jours');
  });

  it('puts the formatted durations in the FAQ', () => {
    expect(faqText).toContain(`pendant ${durationInDays(CONTEST_DURATION_MS)}, des talents`);
    expect(faqText).toContain(`${durationInHours(MISSION_ACCEPTANCE_DELAY_MS)} pour accepter la mission`);
    expect(faqText).toContain(`automatiquement ${durationInHours(AUTO_VALIDATION_DELAY_MS)} après l’envoi`);
  });

  it('puts the formatted durations in the landing page and the delivery texts', () => {
    expect(CONCEPT_STEPS.map((step) => step.text).join('\n')).toContain(`en ligne pendant ${durationInDays(CONTEST_DURATION_MS)}`);
    expect(MESSAGES.messaging.autoValidatedSystem).toContain(`automatiquement ${durationInHours(AUTO_VALIDATION_DELAY_MS)} après`);
    expect(MESSAGES.participations.winnerSystemMessage('Atelier Lune')).toContain(`${durationInHours(MISSION_ACCEPTANCE_DELAY_MS)} pour accepter`);
  });
});
