// The AddIncome body schema from the shared table, checked at enqueue so a bad body is refused while the
// person is still there rather than parked later.
import { endpoints } from '../../../src-shared/api/endpoints/index.js';

export const incomeBodySchema = endpoints.AddIncome.body;
