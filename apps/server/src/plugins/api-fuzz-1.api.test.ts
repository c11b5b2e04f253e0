import { describeApiFuzz } from '../test/api-fuzz.js';

describeApiFuzz(0, 2);
