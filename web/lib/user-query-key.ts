/** The current user is loaded as the query 'user' (guards, the nav and sign-out share it). */
export const USER_QUERY_KEY = ['user'] as const;
