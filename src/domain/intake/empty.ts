// A new form starts with every answer null and every text empty (docs/product/intake-form.md); every tick box
// starts unticked and the lists start empty.
import {
  bodyPoints,
  checklistItems,
  discussionTopics,
  impactPoints,
  painAndSymptomsKeys,
  symptomPoints,
  type Checklist,
  type DefendantInformation,
  type GeneralCaseInformation,
  type IncidentDescription,
  type InjuryInformation,
  type PersonalInformation,
  type PointsOfInjury,
  type VehicleInformation,
} from './types';

function unticked<K extends string>(keys: readonly K[]): Record<K, boolean> {
  return Object.fromEntries(keys.map((key) => [key, false])) as Record<K, boolean>;
}

export function emptyPersonalInformation(): PersonalInformation {
  return {
    firstName: '',
    middleName: '',
    lastName: '',
    languages: [],
    address: '',
    phoneNumber: '',
    phoneUsages: [],
    email: '',
    dl: '',
    gender: null,
    civilStatus: null,
    birthDate: '',
    status: null,
    ssnItin: '',
    alternateContact: '',
    relationshipToClient: '',
    altPhoneNumber: '',
    minorParentsName: '',
    passengers: null,
    passengerCount: '',
    seatingPosition: '',
    existingClient: null,
  };
}

export function emptyVehicleInformation(): VehicleInformation {
  return {
    clientHasPhotos: null,
    information: '',
    owner: '',
    drivable: null,
    lienHolder: null,
    financeCompany: '',
    vin: '',
    licensePlate: '',
    pds: '',
    tl: null,
    towed: null,
    location: '',
    repairFacility: '',
    phoneNumber: '',
    insuredBy: '',
    policyNo: '',
    claimNo: '',
    pdAdjuster: '',
    phone1: '',
    fax1: '',
    biAdjuster: '',
    phone2: '',
    fax2: '',
  };
}

export function emptyDefendantInformation(): DefendantInformation {
  return {
    clientHasPhotos: null,
    driversName: '',
    owner: '',
    phoneNumber: '',
    address: '',
    information: '',
    vin: '',
    licensePlate: '',
    drivable: null,
    insuredBy: '',
    policyNo: '',
    claimNo: '',
    pdAdjuster: '',
    phone1: '',
    fax1: '',
    biAdjuster: '',
    phone2: '',
    fax2: '',
  };
}

export function emptyPointsOfInjury(): PointsOfInjury {
  return unticked([...bodyPoints, ...symptomPoints, ...impactPoints]);
}

export function emptyInjuryInformation(): InjuryInformation {
  return {
    ems: null,
    ara: null,
    photos: null,
    hospitalized: null,
    hospitalDate: '',
    hospital: '',
    painStart: '',
    painAndSymptomsExp: '',
    painAndSymptoms: unticked(painAndSymptomsKeys),
    dailyLifeWorkEffect: '',
    receivingTreatment: null,
    doctor: '',
    doctorPhone: '',
    doctorFax: '',
    chiropractor: '',
    chiropractorPhone: '',
    chiropractorFax: '',
    specialist: '',
    specialistPhone: '',
    specialistFax: '',
    priorInjuries: null,
    description: '',
    treatmentReceived: null,
    facilityTreated: '',
    doctorSpecialistName: '',
    dates: '',
    healthInsurance: null,
    provider: '',
    insIdNumber: '',
  };
}

export function emptyIncidentDescription(): IncidentDescription {
  return {
    incidentDate: '',
    crashReportNum: '',
    city: '',
    county: '',
    police: null,
    crashLocation: '',
    clientCited: null,
    clientCitedReason: '',
    defendant: null,
    defendantReason: '',
    multiVehicle: null,
    howManyVehicles: '',
    description: '',
    priorIncidents: null,
    fault: '',
    witnesses: null,
    witnessNamesAndContacts: '',
    photoOrEvidence: null,
    photoOrEvidenceDescription: '',
  };
}

export function emptyChecklist(): Checklist {
  return unticked([...discussionTopics, ...checklistItems]);
}

/** A blank intake in create mode: a draft with no caseId yet. */
export function emptyIntake(): GeneralCaseInformation {
  return {
    caseId: null,
    status: 'draft',
    createdAt: null,
    updatedAt: null,
    representativeName: null,
    personalInformation: emptyPersonalInformation(),
    vehicleInformation: emptyVehicleInformation(),
    defendantInformation: emptyDefendantInformation(),
    pointsOfInjury: emptyPointsOfInjury(),
    injuryInformation: emptyInjuryInformation(),
    incidentDescription: emptyIncidentDescription(),
    checklist: emptyChecklist(),
  };
}
