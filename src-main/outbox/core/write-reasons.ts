// Why a write of the table waits for a person (the reason codes its rows are parked with).

/** The stored request could not be read back from the database. */
export const BAD_PAYLOAD = 'BAD_PAYLOAD';
/** A delta whose read-back cannot tell whether it was applied: a person compares the figures. */
export const UNCERTAIN_DELTA_WRITE = 'UNCERTAIN_DELTA_WRITE';
/** A keyless create whose read-back found a record with its unique field but other figures. */
export const UNCERTAIN_CREATE = 'UNCERTAIN_CREATE';
/** An absolute change after which the record holds neither what it held before nor what was sent. */
export const CHANGED_MEANWHILE = 'CHANGED_MEANWHILE';
/** The create a write waited for was discarded: the record will never exist. */
export const CREATE_DISCARDED = 'CREATE_DISCARDED';
/** The create is done but its record could not be found by its key. */
export const CREATE_NOT_FOUND = 'CREATE_NOT_FOUND';
/** The copy of a file to upload is no longer in the store's data folder. */
export const UPLOAD_MISSING = 'UPLOAD_MISSING';
