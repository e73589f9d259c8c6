// `npm run openapi`: writes docs/openapi.json from the endpoint table. Deterministic, so regenerating
// an unchanged table gives no diff; a test fails when the committed file is stale.
import { OPENAPI_FILE, writeOpenApiFile } from './openapi-file.js';

const document = writeOpenApiFile();
const operations = Object.values(document.paths).reduce((sum, item) => sum + Object.keys(item).length, 0);
const components = Object.keys(document.components.schemas).length;
console.log(`Wrote ${OPENAPI_FILE}: ${operations} operations, ${components} schema components`);
