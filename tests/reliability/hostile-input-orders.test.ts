import { hostileSuite } from './support/hostile-describe.ts';
import { catalogueEndpoints, orderEndpoints } from './support/hostile-endpoints.ts';

hostileSuite('hostile input: orders and payments', orderEndpoints);
hostileSuite('hostile input: catalogue, settings, health, engagement', catalogueEndpoints);
