/** Whose group draft the device keeps: the team that logged in last here. A draft is another
 * team's personal data (its leader's and teachers' names and certificates), so a draft is
 * shown only to the team that wrote it; a logout forgets it. */
const KEY = 'groupDraft-team';

export const currentDraftTeam = () => localStorage.getItem(KEY);

/** After a team's login: its credit code (a login expiry and the same team again keeps the draft). */
export const rememberDraftTeam = (creditCode: string) => localStorage.setItem(KEY, creditCode.trim().toUpperCase());

/** After a logout: no team's draft is shown. */
export const forgetDraftTeam = () => localStorage.removeItem(KEY);
