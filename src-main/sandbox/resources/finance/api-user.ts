// The user every record created through the sandbox's API is attributed to (createuserid,
// createusername, createdby): the API itself, as production attributes API writes to its API user.
export const API_USER = { id: 1, username: 'api', displayName: 'API' } as const;

/** The creator fields of a record created through the API. */
export const apiCreator = {
  createuserid: API_USER.id,
  createusername: API_USER.username,
  createdby: API_USER.displayName,
} as const;
