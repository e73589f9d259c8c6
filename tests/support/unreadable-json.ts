// A value JSON can carry that has no primitive value (neither toString nor valueOf can be called): zod's
// length checks throw on it as a `length`, so every parse of outside data must still refuse it.
export const UNREADABLE: unknown = JSON.parse('{"length":{"toString":1,"valueOf":1}}');
