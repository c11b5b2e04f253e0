import { describeApiFuzz } from '../test/api-fuzz.js';

describeApiFuzz(1, 2);
