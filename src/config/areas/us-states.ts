/** US state and territory names by postal code, for headings of the locations index and structured data. */
const names: Readonly<Record<string, string>> = {
  AL: 'Alabama',
  AK: 'Alaska',
  AZ: 'Arizona',
  AR: 'Arkansas',
  CA: 'California',
  CO: 'Colorado',
  CT: 'Connecticut',
  DE: 'Delaware',
  DC: 'District of Columbia',
  FL: 'Florida',
  GA: 'Georgia',
  HI: 'Hawaii',
  ID: 'Idaho',
  IL: 'Illinois',
  IN: 'Indiana',
  IA: 'Iowa',
  KS: 'Kansas',
  KY: 'Kentucky',
  LA: 'Louisiana',
  ME: 'Maine',
  MD: 'Maryland',
  MA: 'Massachusetts',
  MI: 'Michigan',
  MN: 'Minnesota',
  MS: 'Mississippi',
  MO: 'Missouri',
  MT: 'Montana',
  NE: 'Nebraska',
  NV: 'Nevada',
  NH: 'New Hampshire',
  NJ: 'New Jersey',
  NM: 'New Mexico',
  NY: 'New York',
  NC: 'North Carolina',
  ND: 'North Dakota',
  OH: 'Ohio',
  OK: 'Oklahoma',
  OR: 'Oregon',
  PA: 'Pennsylvania',
  PR: 'Puerto Rico',
  RI: 'Rhode Island',
  SC: 'South Carolina',
  SD: 'South Dakota',
  TN: 'Tennessee',
  TX: 'Texas',
  UT: 'Utah',
  VT: 'Vermont',
  VA: 'Virginia',
  WA: 'Washington',
  WV: 'West Virginia',
  WI: 'Wisconsin',
  WY: 'Wyoming',
}

/** The names another language writes differently, by its language subtag; the rest are as in English. */
const translated: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  es: {
    DC: 'Distrito de Columbia',
    HI: 'Hawái',
    LA: 'Luisiana',
    MI: 'Míchigan',
    MO: 'Misuri',
    MS: 'Misisipi',
    NC: 'Carolina del Norte',
    ND: 'Dakota del Norte',
    NH: 'Nuevo Hampshire',
    NJ: 'Nueva Jersey',
    NM: 'Nuevo México',
    NY: 'Nueva York',
    OR: 'Oregón',
    PA: 'Pensilvania',
    SC: 'Carolina del Sur',
    SD: 'Dakota del Sur',
    WV: 'Virginia Occidental',
  },
}

/** "OR" → "Oregon" ("Oregón" in Spanish); an unknown code is returned as written. */
export function stateName(code: string, language: string): string {
  return translated[new Intl.Locale(language).language]?.[code] ?? names[code] ?? code
}

/** Canada's provinces and territories by postal code: with the US, the North American Numbering Plan. */
const canadianProvinces = new Set(['AB', 'BC', 'MB', 'NB', 'NL', 'NS', 'NT', 'NU', 'ON', 'PE', 'QC', 'SK', 'YT'])

/** Whether a state code names a US state or territory, or a Canadian province: a +1 telephone area. */
export function isNorthAmericanState(code: string): boolean {
  return Object.hasOwn(names, code) || canadianProvinces.has(code)
}
