import { defineContractSuite } from './suite.js';

defineContractSuite('claude');
