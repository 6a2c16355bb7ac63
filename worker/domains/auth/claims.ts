import type { Role } from '../../contract/enums';

/** What an access token says about its holder; enough to authorise without reading D1. */
export interface AccessClaims {
  sub: string;
  sid: string;
  role: Role;
  approved: boolean;
  isRiskTeam: boolean;
  can_use_terminal: boolean;
}

export function claimsFromUser(
  user: { id: string; role: Role; approved: boolean; isRiskTeam: boolean; canUseTerminal: boolean },
  sessionId: string,
): AccessClaims {
  return {
    sub: user.id,
    sid: sessionId,
    role: user.role,
    approved: user.approved,
    isRiskTeam: user.isRiskTeam,
    can_use_terminal: user.canUseTerminal,
  };
}

export function sameClaims(a: AccessClaims, b: AccessClaims): boolean {
  return (
    a.sub === b.sub &&
    a.sid === b.sid &&
    a.role === b.role &&
    a.approved === b.approved &&
    a.isRiskTeam === b.isRiskTeam &&
    a.can_use_terminal === b.can_use_terminal
  );
}
