/**
 * Every diagnostic the plan parser can emit. Codes are part of the public
 * contract (tests, editors and the bot match on them), so never rename one;
 * add a new code instead.
 */
export const PLAN_CODES = {
  frontMatterInvalidYaml: 'plan/front-matter-invalid-yaml',
  frontMatterNotMapping: 'plan/front-matter-not-a-mapping',
  frontMatterInvalidValue: 'plan/front-matter-invalid-value',
  frontMatterUnknownKey: 'plan/front-matter-unknown-key',
  unsafePlanId: 'plan/unsafe-plan-id',
  missingStageMap: 'plan/missing-stage-map',
  duplicateStageMap: 'plan/duplicate-stage-map',
  noStages: 'plan/no-stages',
  stageHeadingInvalid: 'plan/stage-heading-invalid',
  stageNumberNotANumber: 'plan/stage-number-not-a-number',
  stageNumberNotInteger: 'plan/stage-number-not-integer',
  stageNumberNotPositive: 'plan/stage-number-not-positive',
  stageTitleMissing: 'plan/stage-title-missing',
  duplicateStage: 'plan/duplicate-stage',
  stageOutsideStageMap: 'plan/stage-outside-stage-map',
  emptyStage: 'plan/empty-stage',
  unknownField: 'plan/unknown-field',
  fieldNotKeyValue: 'plan/field-not-key-value',
  duplicateField: 'plan/duplicate-field',
  invalidDependency: 'plan/invalid-dependency',
  duplicateDependency: 'plan/duplicate-dependency',
  unknownDependency: 'plan/unknown-dependency',
  selfDependency: 'plan/self-dependency',
  dependencyCycle: 'plan/dependency-cycle',
  duplicateClarificationItems: 'plan/duplicate-clarification-items',
  stageHeadingWrongLevel: 'plan/stage-heading-wrong-level',
  stageWithoutValidation: 'plan/stage-without-validation',
  badTdd: 'plan/bad-tdd',
} as const;

export type PlanCode = (typeof PLAN_CODES)[keyof typeof PLAN_CODES];
