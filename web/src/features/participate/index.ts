/**
 * What other features may use of taking part: the contest details page shows the talent's
 * participation, checks that they may take part, and opens the flow. The flow is loaded on
 * first use, so that the details page does not carry its code (docs/architecture.md §1.4).
 */
import { onDemand } from '../../ui/on-demand';

export { myParticipationQuery, participationKeys, useMyParticipation } from './api';
export { useParticipationGate } from './gate';

export const ParticipateFlow = onDemand(() => import('./ParticipateFlow'));
