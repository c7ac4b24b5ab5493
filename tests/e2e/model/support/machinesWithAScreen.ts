// The machines whose flows a person walks on a screen of the app, each with a browser model suite
// in tests/e2e/model that drives its planned paths through the real app in Chromium and records
// what it covered (`recordBrowserCoverage`, tests/machines/modelCoverage.ts). `npm run test:model`
// reads this list: these machines must be covered through the browser too; the others (the
// machines under a screen's machine, such as reveal) only by the model.
export const machinesWithAScreen: readonly string[] = [
  'session',
  'pagination',
  'leadRegistration',
  'intake',
  'clientIntake',
  'clientLink',
  'signing',
  'engagementDialog',
  'engagementTerms',
  'conflictPanel',
  'forgotPassword',
  'passwordReset',
  'passkeys',
];
