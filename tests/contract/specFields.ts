// Field lists copied from the spec (docs/product/intake-form.md), shared by the
// contract tests. Written from the documents, never from openapi.yaml.

export const userInformationFields = ['phoneNumber', 'usage', 'civilStatus', 'gender', 'birthDate', 'ssn', 'ssnStatus', 'itin'];
export const leadFields = [
  'firstName',
  'middleName',
  'lastName',
  'birthDate',
  'address',
  'city',
  'county',
  'state',
  'country',
  'zipCode',
  'email',
  'gender',
  'phone',
  'minor',
];
export const duplicateLeadFields = ['firstName', 'middleName', 'lastName', 'birthDate', 'address', 'city', 'state', 'intakeId'];

/**
 * docs/product/intake-form.md, section by section, each field under the kind of value it holds: `text` a string
 * ('' when empty), `answer` a Yes/No (true, false or null), `flag` a tick box, `date` an ISO date
 * or null, `choice` one enum value or null, `list` several, `count` an integer, `group` a nested
 * object of tick boxes.
 */
export interface SectionFields {
  text?: string[];
  answer?: string[];
  flag?: string[];
  date?: string[];
  choice?: string[];
  list?: string[];
  count?: string[];
  group?: Record<string, string[]>;
}

export const intakeSections: Record<string, SectionFields> = {
  personalInformation: {
    text: [
      'firstName',
      'middleName',
      'lastName',
      'address',
      'phoneNumber',
      'email',
      'dl',
      'ssnItin',
      'alternateContact',
      'relationshipToClient',
      'altPhoneNumber',
      'minorParentsName',
      'seatingPosition',
    ],
    list: ['languages', 'phoneUsages'],
    choice: ['gender', 'civilStatus', 'status'],
    date: ['birthDate'],
    answer: ['passengers', 'existingClient'],
    count: ['passengerCount'],
  },
  vehicleInformation: {
    answer: ['clientHasPhotos', 'drivable', 'lienHolder', 'tl', 'towed'],
    text: [
      'information',
      'owner',
      'financeCompany',
      'vin',
      'licensePlate',
      'pds',
      'location',
      'repairFacility',
      'phoneNumber',
      'insuredBy',
      'policyNo',
      'claimNo',
      'pdAdjuster',
      'phone1',
      'fax1',
      'biAdjuster',
      'phone2',
      'fax2',
    ],
  },
  defendantInformation: {
    answer: ['clientHasPhotos', 'drivable'],
    text: [
      'driversName',
      'owner',
      'phoneNumber',
      'address',
      'information',
      'vin',
      'licensePlate',
      'insuredBy',
      'policyNo',
      'claimNo',
      'pdAdjuster',
      'phone1',
      'fax1',
      'biAdjuster',
      'phone2',
      'fax2',
    ],
  },
  pointsOfInjury: {
    flag: [
      // body
      'leftNeck',
      'rightNeck',
      'leftShoulder',
      'rightShoulder',
      'leftElbow',
      'rightElbow',
      'leftForearm',
      'rightForearm',
      'leftWrist',
      'rightWrist',
      'leftHand',
      'rightHand',
      'leftKnee',
      'rightKnee',
      'leftFoot',
      'rightFoot',
      'lowerBack',
      'upperBack',
      // symptoms
      'tingling',
      'numbness',
      'shortnessOfBreath',
      'bruise',
      'headache',
      'blackOut',
      'chestTightness',
      'earRinging',
      'nausea',
      'dizziness',
      // impact
      'leftFrontWing',
      'rightFrontWing',
      'leftFrontDoor',
      'rightFrontDoor',
      'leftBackDoor',
      'rightBackDoor',
      'leftBackWing',
      'rightBackWing',
      'bonnet',
      'roof',
      'tailgate',
      'offside',
      'nearside',
      'rearBumper',
      'frontBumper',
    ],
  },
  injuryInformation: {
    answer: ['ems', 'ara', 'photos', 'hospitalized', 'receivingTreatment', 'priorInjuries', 'treatmentReceived', 'healthInsurance'],
    date: ['hospitalDate'],
    text: [
      'hospital',
      'painStart',
      'painAndSymptomsExp',
      'dailyLifeWorkEffect',
      'doctor',
      'doctorPhone',
      'doctorFax',
      'chiropractor',
      'chiropractorPhone',
      'chiropractorFax',
      'specialist',
      'specialistPhone',
      'specialistFax',
      'description',
      'facilityTreated',
      'doctorSpecialistName',
      'dates',
      'provider',
      'insIdNumber',
    ],
    group: { painAndSymptoms: ['lossOfConciousness', 'headaches', 'vomitting'] },
  },
  incidentDescription: {
    text: [
      'crashReportNum',
      'city',
      'county',
      'crashLocation',
      'clientCitedReason',
      'defendantReason',
      'description',
      'fault',
      'witnessNamesAndContacts',
      'photoOrEvidenceDescription',
    ],
    answer: ['police', 'clientCited', 'defendant', 'multiVehicle', 'priorIncidents', 'witnesses', 'photoOrEvidence'],
    count: ['howManyVehicles'],
    // Beyond the spec: docs/product/intake-form.md#incident-date.
    date: ['incidentDate'],
  },
  checklist: {
    flag: [
      // discussion topics
      'vehicleNextStep',
      'processOverview',
      'insuranceRepresentation',
      'incidentNonDisclosure',
      'treatment',
      'timeframeAndPayout',
      'recommendHospital',
      'questions',
      // checklist items
      'firstPartyInsurance',
      'thirdPartyInsurance',
      'policeReport',
      'medicalInsuranceInformation',
      'hospitalInformation',
      'treatmentInformation',
      'witnessInformation',
      'injuryPhoto',
      'potentialTbi',
    ],
  },
};

/** docs/product/intake-form.md "Text limits", docs/product/intake-form.md and the text-area default of 180 (docs/product/intake-form.md). */
export const intakeTextLimits: [section: string, field: string, limit: number][] = [
  ['personalInformation', 'address', 100],
  ['personalInformation', 'ssnItin', 11],
  ['defendantInformation', 'address', 100],
  ['defendantInformation', 'information', 90],
  ['injuryInformation', 'painStart', 90],
  ['injuryInformation', 'painAndSymptomsExp', 180],
  ['injuryInformation', 'dailyLifeWorkEffect', 180],
  ['incidentDescription', 'clientCitedReason', 20],
  ['incidentDescription', 'defendantReason', 25],
  ['incidentDescription', 'photoOrEvidenceDescription', 100],
];

export function fieldsOf(section: SectionFields): string[] {
  return [
    ...(section.text ?? []),
    ...(section.answer ?? []),
    ...(section.flag ?? []),
    ...(section.date ?? []),
    ...(section.choice ?? []),
    ...(section.list ?? []),
    ...(section.count ?? []),
    ...Object.keys(section.group ?? {}),
  ];
}

/** A new intake form: every answer null, every text empty, no box ticked (docs/product/intake-form.md). */
export function blankIntakeSections(): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    Object.entries(intakeSections).map(([name, section]) => {
      const entries: [string, unknown][] = [
        ...(section.text ?? []).map((field): [string, unknown] => [field, '']),
        ...(section.answer ?? []).map((field): [string, unknown] => [field, null]),
        ...(section.flag ?? []).map((field): [string, unknown] => [field, false]),
        ...(section.date ?? []).map((field): [string, unknown] => [field, null]),
        ...(section.choice ?? []).map((field): [string, unknown] => [field, null]),
        ...(section.list ?? []).map((field): [string, unknown] => [field, []]),
        ...(section.count ?? []).map((field): [string, unknown] => [field, 0]),
        ...Object.entries(section.group ?? {}).map(([group, flags]): [string, unknown] => [
          group,
          Object.fromEntries(flags.map((flag) => [flag, false])),
        ]),
      ];
      return [name, Object.fromEntries(entries)];
    }),
  );
}
