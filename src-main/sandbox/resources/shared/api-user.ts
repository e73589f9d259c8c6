// Who the sandbox records as the creator of every API write (documents, incomes, expenses, transfers).

/**
 * The user every API write is recorded as. The v4 headers name a store, not a person, so production
 * shows the API connection's user; the sandbox has one per store.
 */
export const API_USER = { id: 1, username: 'api', displayName: 'API' } as const;

/** The creator fields of a record (createuserid, createusername, createdby): always the API user. */
export const apiCreator = {
  createuserid: API_USER.id,
  createusername: API_USER.username,
  createdby: API_USER.displayName,
} as const;
