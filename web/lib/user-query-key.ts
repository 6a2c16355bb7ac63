/** SPEC.md §7: the current user is "loaded as query 'user'". */
export const USER_QUERY_KEY = ['user'] as const;
