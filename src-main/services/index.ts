// Main's services behind the API, for the Electron shell, the web host and tests.
export { startAppServices, type AppServices, type StartAppServicesOptions } from './app-services.js';
export { DEMO_STORE } from './demo-credentials.js';
export { DEMO_DATA_FILE_NAME } from './demo-sandbox.js';
