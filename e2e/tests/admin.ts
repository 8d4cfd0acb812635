/** The administrator the journeys' server is started with (server/src/scripts/create-admin.ts). */
export const E2E_ADMIN = { email: 'admin-parcours@example.fr', password: 'Parcours-Admin-2026!' } as const;
