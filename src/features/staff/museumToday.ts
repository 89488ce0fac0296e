/** Today in museum time (UTC+8), 'YYYY-MM-DD': what the console compares expiry dates with
 * (the server checks again with its own clock). */
export const museumToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);
