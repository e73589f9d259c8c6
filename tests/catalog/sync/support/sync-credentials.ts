// The sandbox's default store, as the app's client is configured for it in these tests.
export const CREDENTIALS = { storename: 'demo', apikey: 'demo-key', apisecret: 'demo-secret' } as const;
