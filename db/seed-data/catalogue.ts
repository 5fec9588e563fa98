/**
 * Demo catalogue for a fresh database: Brazilian vehicles, aftermarket parts with cross-reference
 * codes, and their fitments. Pure data and pure functions, so the output is the same on every run.
 */

import { normalizeCode as normalizeSeedCode } from "../../app/utils/codes";

/** The app's code normalisation, so seeded codes are found exactly as typed ones are. */
export { normalizeSeedCode };

export type Fuel = "Gasolina" | "Flex" | "Diesel" | "Elétrico" | "Híbrido";
export type Transmission = "Manual" | "Automática" | "CVT" | "DSG";
export type BodyType = "Sedan" | "Hatch" | "SUV" | "Pickup" | "Wagon";
export type VehicleType = "carros" | "motos" | "caminhoes";

export type CategoryName =
  | "Freios"
  | "Motor"
  | "Suspensão"
  | "Elétrica"
  | "Transmissão"
  | "Filtros"
  | "Arrefecimento"
  | "Ignição"
  | "Direção"
  | "Embreagem";

export const CATEGORIES: ReadonlyArray<{ name: CategoryName; description: string }> = [
  {
    name: "Freios",
    description: "Pastilhas, discos, sapatas, cilindros e flexíveis do sistema de freio.",
  },
  { name: "Motor", description: "Correias, tensores, juntas e coxins do motor." },
  {
    name: "Suspensão",
    description: "Amortecedores, bandejas, pivôs, bieletas e kits de batente.",
  },
  {
    name: "Elétrica",
    description: "Alternadores, motores de partida, sensores e bombas de combustível.",
  },
  {
    name: "Transmissão",
    description: "Juntas homocinéticas, coxins de câmbio e kits de relação para motos.",
  },
  {
    name: "Filtros",
    description: "Filtros de óleo, de ar, de combustível e de cabine (ar-condicionado).",
  },
  {
    name: "Arrefecimento",
    description: "Radiadores, bombas d'água, válvulas termostáticas e reservatórios.",
  },
  { name: "Ignição", description: "Velas, bobinas e cabos de ignição." },
  {
    name: "Direção",
    description: "Terminais, barras axiais e componentes da caixa de direção.",
  },
  {
    name: "Embreagem",
    description: "Kits de embreagem, atuadores, cilindros e cabos.",
  },
];

export const BRANDS: readonly string[] = [
  "Volkswagen",
  "Fiat",
  "Chevrolet",
  "Ford",
  "Renault",
  "Toyota",
  "Honda",
  "Hyundai",
  "Jeep",
  "Nissan",
  "Peugeot",
  "Citroën",
  "Mitsubishi",
  "Yamaha",
  "Mercedes-Benz",
  "Volvo",
  "Scania",
];

// ---------------------------------------------------------------------------------------------
// Vehicles
// ---------------------------------------------------------------------------------------------

/**
 * One version of a generation: [version, engine, engine family, fuel, transmission, first year, last year].
 * The engine family ("series/variant", e.g. "vw-ea211/10t") groups engines that share parts across
 * models and brands (the E.torQ 1.8 of a Fiat Toro is the one of a Jeep Renegade); variants of one
 * series share filters and ignition parts, while belts and clutches follow the exact variant.
 */
type VersionRow = [
  version: string,
  engine: string,
  engineFamily: string,
  fuel: Fuel,
  transmission: Transmission,
  firstYear: number,
  lastYear: number,
];

type Generation = {
  brand: string;
  model: string;
  generation: string | null;
  /** Chassis family: vehicles on one platform share brakes, suspension and steering parts. */
  platform: string;
  bodyType: BodyType | null;
  vehicleType: VehicleType;
  versions: VersionRow[];
};

const car = (
  brand: string,
  model: string,
  generation: string | null,
  platform: string,
  bodyType: BodyType,
  versions: VersionRow[],
): Generation => ({
  brand,
  model,
  generation,
  platform,
  bodyType,
  vehicleType: "carros",
  versions,
});

const moto = (
  brand: string,
  model: string,
  platform: string,
  versions: VersionRow[],
): Generation => ({
  brand,
  model,
  generation: null,
  platform,
  bodyType: null,
  vehicleType: "motos",
  versions,
});

const truck = (
  brand: string,
  model: string,
  platform: string,
  versions: VersionRow[],
): Generation => ({
  brand,
  model,
  generation: null,
  platform,
  bodyType: null,
  vehicleType: "caminhoes",
  versions,
});

export const GENERATIONS: readonly Generation[] = [
  car("Volkswagen", "Gol", "G5", "vw-pq24", "Hatch", [
    ["1.0 Trend", "1.0 8V", "vw-ea111/10", "Flex", "Manual", 2010, 2012],
    ["Power 1.6", "1.6 8V", "vw-ea111/16", "Flex", "Manual", 2011, 2012],
  ]),
  car("Volkswagen", "Gol", "G6", "vw-pq24", "Hatch", [
    ["1.0 Trendline", "1.0 8V", "vw-ea111/10", "Flex", "Manual", 2013, 2016],
    ["1.6 Highline I-Motion", "1.6 8V", "vw-ea111/16", "Flex", "Automática", 2015, 2016],
  ]),
  car("Volkswagen", "Gol", "G7", "vw-pq24", "Hatch", [
    ["1.0 MPI", "1.0 12V", "vw-ea211/10", "Flex", "Manual", 2019, 2023],
    ["1.6 MSI", "1.6 16V", "vw-ea211/16", "Flex", "Manual", 2020, 2021],
  ]),
  car("Volkswagen", "Saveiro", "G7", "vw-pq24", "Pickup", [
    ["Robust 1.6 CS", "1.6 16V", "vw-ea211/16", "Flex", "Manual", 2019, 2023],
  ]),
  car("Volkswagen", "SpaceFox", null, "vw-pq24", "Wagon", [
    ["Trendline 1.6", "1.6 8V", "vw-ea111/16", "Flex", "Manual", 2013, 2017],
  ]),
  car("Volkswagen", "Polo", "Mk6", "vw-mqb-a0", "Hatch", [
    ["1.0 MPI", "1.0 12V", "vw-ea211/10", "Flex", "Manual", 2020, 2024],
    ["Highline 200 TSI", "1.0 12V TSI", "vw-ea211/10t", "Flex", "Automática", 2018, 2021],
    ["GTS 1.4 TSI", "1.4 16V TSI", "vw-ea211/14t", "Flex", "Automática", 2021, 2023],
  ]),
  car("Volkswagen", "Virtus", "Mk1", "vw-mqb-a0", "Sedan", [
    ["MSI 1.6", "1.6 16V", "vw-ea211/16", "Flex", "Manual", 2018, 2020],
    ["Highline 200 TSI", "1.0 12V TSI", "vw-ea211/10t", "Flex", "Automática", 2021, 2024],
  ]),
  car("Volkswagen", "T-Cross", "Mk1", "vw-mqb-a0", "SUV", [
    ["200 TSI", "1.0 12V TSI", "vw-ea211/10t", "Flex", "Automática", 2020, 2024],
    ["Highline 250 TSI", "1.4 16V TSI", "vw-ea211/14t", "Flex", "Automática", 2022, 2024],
  ]),
  car("Volkswagen", "Jetta", "Mk6", "vw-pq35", "Sedan", [
    ["Highline 2.0 TSI", "2.0 16V TSI", "vw-ea888/20t", "Gasolina", "DSG", 2015, 2018],
  ]),
  car("Volkswagen", "Amarok", null, "vw-amarok", "Pickup", [
    ["Highline 3.0 V6 TDI 4x4", "3.0 V6 TDI", "vw-v6/30d", "Diesel", "Automática", 2019, 2023],
  ]),

  car("Chevrolet", "Onix", "G1", "gm-gamma2", "Hatch", [
    ["LT 1.0", "1.0 8V", "gm-spe4/10", "Flex", "Manual", 2015, 2019],
    ["LTZ 1.4 AT", "1.4 8V", "gm-spe4/14", "Flex", "Automática", 2017, 2019],
  ]),
  car("Chevrolet", "Prisma", "G2", "gm-gamma2", "Sedan", [
    ["LT 1.4", "1.4 8V", "gm-spe4/14", "Flex", "Manual", 2015, 2019],
  ]),
  car("Chevrolet", "Onix", "G2", "gm-gem", "Hatch", [
    ["1.0", "1.0 12V", "gm-csr/10", "Flex", "Manual", 2020, 2024],
    ["Premier 1.0 Turbo", "1.0 12V Turbo", "gm-csr/10t", "Flex", "Automática", 2021, 2024],
  ]),
  car("Chevrolet", "Tracker", "G2", "gm-gem", "SUV", [
    ["1.0 Turbo", "1.0 12V Turbo", "gm-csr/10t", "Flex", "Automática", 2020, 2024],
    ["Premier 1.2 Turbo", "1.2 12V Turbo", "gm-csr/12t", "Flex", "Automática", 2022, 2024],
  ]),
  car("Chevrolet", "Cruze", "G2", "gm-d2xx", "Sedan", [
    ["LT 1.4 Turbo", "1.4 16V Turbo", "gm-e14t", "Flex", "Automática", 2019, 2023],
  ]),
  car("Chevrolet", "S10", "G3", "gm-s10", "Pickup", [
    ["LT 2.5 CD", "2.5 16V Ecotec", "gm-ecotec/25", "Flex", "Manual", 2018, 2021],
    ["LTZ 2.8 CD 4x4", "2.8 16V Turbo Diesel", "gm-duramax/28", "Diesel", "Automática", 2020, 2024],
  ]),

  car("Fiat", "Palio", "G2", "fiat-326", "Hatch", [
    ["Attractive 1.0", "1.0 8V Fire Evo", "fiat-fire/10", "Flex", "Manual", 2013, 2017],
  ]),
  car("Fiat", "Strada", "G1", "fiat-178", "Pickup", [
    ["Working 1.4 CS", "1.4 8V Fire Evo", "fiat-fire/14", "Flex", "Manual", 2016, 2020],
  ]),
  car("Fiat", "Uno", "G2", "fiat-327", "Hatch", [
    ["Vivace 1.0", "1.0 8V Fire Evo", "fiat-fire/10", "Flex", "Manual", 2013, 2016],
    ["Way 1.0 Firefly", "1.0 6V Firefly", "fiat-firefly/10", "Flex", "Manual", 2017, 2021],
  ]),
  car("Fiat", "Mobi", null, "fiat-327", "Hatch", [
    ["Like 1.0", "1.0 8V Fire Evo", "fiat-fire/10", "Flex", "Manual", 2020, 2024],
  ]),
  car("Fiat", "Argo", null, "fiat-mp1", "Hatch", [
    ["Drive 1.0", "1.0 6V Firefly", "fiat-firefly/10", "Flex", "Manual", 2020, 2024],
    ["Drive 1.3", "1.3 8V Firefly", "fiat-firefly/13", "Flex", "Manual", 2019, 2021],
    ["HGT 1.8 AT", "1.8 16V E.torQ", "fiat-etorq/18", "Flex", "Automática", 2018, 2019],
  ]),
  car("Fiat", "Strada", "G2", "fiat-mp1", "Pickup", [
    ["Endurance 1.4 CP", "1.4 8V Fire Evo", "fiat-fire/14", "Flex", "Manual", 2021, 2024],
    ["Volcano 1.3 CD CVT", "1.3 8V Firefly", "fiat-firefly/13", "Flex", "CVT", 2023, 2024],
  ]),
  car("Fiat", "Toro", null, "fca-small-wide", "Pickup", [
    ["Freedom 1.8 AT", "1.8 16V E.torQ", "fiat-etorq/18", "Flex", "Automática", 2017, 2020],
    [
      "Volcano 2.0 Diesel 4x4",
      "2.0 16V Turbo Diesel",
      "fca-multijet/20",
      "Diesel",
      "Automática",
      2020,
      2024,
    ],
    ["Freedom 1.3 T270", "1.3 16V Turbo", "fca-t270/13", "Flex", "Automática", 2022, 2024],
  ]),

  car("Ford", "Ka", "G3", "ford-b562", "Hatch", [
    ["SE 1.0", "1.0 12V Ti-VCT", "ford-fox/10", "Flex", "Manual", 2017, 2021],
    ["SE 1.5", "1.5 16V Sigma", "ford-sigma/15", "Flex", "Manual", 2016, 2017],
    ["Freestyle 1.5", "1.5 12V Dragon", "ford-dragon/15", "Flex", "Manual", 2019, 2021],
  ]),
  car("Ford", "Fiesta", "G6", "ford-b2e", "Hatch", [
    ["SE 1.6", "1.6 16V Sigma", "ford-sigma/16", "Flex", "Manual", 2015, 2019],
  ]),
  car("Ford", "EcoSport", "G2", "ford-b2e", "SUV", [
    ["SE 1.6", "1.6 16V Sigma", "ford-sigma/16", "Flex", "Manual", 2014, 2017],
    ["Titanium 2.0 AT", "2.0 16V Direct", "ford-duratec/20", "Flex", "Automática", 2017, 2020],
    ["Freestyle 1.5", "1.5 12V Dragon", "ford-dragon/15", "Flex", "Manual", 2019, 2022],
  ]),
  car("Ford", "Ranger", "T6", "ford-t6", "Pickup", [
    ["XLS 2.2 CD 4x4", "2.2 16V Turbo Diesel", "ford-duratorq/22", "Diesel", "Manual", 2018, 2022],
    [
      "Limited 3.2 CD 4x4",
      "3.2 20V Turbo Diesel",
      "ford-duratorq/32",
      "Diesel",
      "Automática",
      2018,
      2022,
    ],
  ]),

  car("Renault", "Sandero", "G2", "renault-b0", "Hatch", [
    ["Expression 1.0 16V", "1.0 16V Hi-Flex", "renault-d4d/10", "Flex", "Manual", 2015, 2016],
    ["Expression 1.0", "1.0 12V SCe", "renault-sce/10", "Flex", "Manual", 2018, 2022],
    ["Stepway 1.6", "1.6 16V SCe", "renault-sce/16", "Flex", "Manual", 2020, 2022],
  ]),
  car("Renault", "Logan", "G2", "renault-b0", "Sedan", [
    ["Expression 1.0", "1.0 12V SCe", "renault-sce/10", "Flex", "Manual", 2018, 2022],
    ["Zen 1.6 CVT", "1.6 16V SCe", "renault-sce/16", "Flex", "CVT", 2021, 2022],
  ]),
  car("Renault", "Duster", "G1", "renault-b0", "SUV", [
    ["Dynamique 1.6", "1.6 16V Hi-Flex", "renault-k4m/16", "Flex", "Manual", 2014, 2016],
    ["Dynamique 2.0 4x4", "2.0 16V Hi-Flex", "renault-f4r/20", "Flex", "Manual", 2015, 2016],
    ["Dynamique 1.6 CVT", "1.6 16V SCe", "renault-sce/16", "Flex", "CVT", 2017, 2020],
  ]),
  car("Renault", "Kwid", null, "renault-cmfa", "Hatch", [
    ["Zen 1.0", "1.0 12V SCe", "renault-sce/10", "Flex", "Manual", 2020, 2024],
    ["E-Tech", "Elétrico 65 cv", "renault-ev/65", "Elétrico", "Automática", 2023, 2024],
  ]),

  car("Toyota", "Corolla", "E170", "toyota-mc", "Sedan", [
    ["GLi 1.8 CVT", "1.8 16V Dual VVT-i", "toyota-zr/2zr-18", "Flex", "CVT", 2015, 2019],
    ["XEi 2.0 CVT", "2.0 16V Dual VVT-i", "toyota-zr/3zr-20", "Flex", "CVT", 2018, 2019],
  ]),
  car("Toyota", "Corolla", "E210", "toyota-tnga-c", "Sedan", [
    ["GLi 2.0", "2.0 16V Dynamic Force", "toyota-m20a/20", "Flex", "CVT", 2020, 2024],
    ["Altis Hybrid 1.8", "1.8 16V Híbrido", "toyota-zr/2zr-fxe-18", "Híbrido", "CVT", 2021, 2024],
  ]),
  car("Toyota", "Hilux", "8ª geração", "toyota-imv", "Pickup", [
    [
      "SRV 2.8 CD 4x4 AT",
      "2.8 16V Turbo Diesel",
      "toyota-1gd/28",
      "Diesel",
      "Automática",
      2020,
      2024,
    ],
    ["SR 2.7 CD 4x2 AT", "2.7 16V Dual VVT-i", "toyota-2tr/27", "Flex", "Automática", 2018, 2020],
  ]),
  car("Toyota", "Etios", null, "toyota-efc", "Hatch", [
    ["X 1.3", "1.3 16V", "toyota-nr/1nr-13", "Flex", "Manual", 2015, 2019],
    ["XLS 1.5 AT", "1.5 16V", "toyota-nr/2nr-15", "Flex", "Automática", 2018, 2021],
  ]),
  car("Toyota", "Yaris", null, "toyota-yaris-br", "Hatch", [
    ["XL 1.3 CVT", "1.3 16V", "toyota-nr/1nr-13", "Flex", "CVT", 2019, 2023],
    ["XLS 1.5 CVT", "1.5 16V", "toyota-nr/2nr-15", "Flex", "CVT", 2021, 2023],
  ]),

  car("Honda", "Civic", "G9", "honda-civic", "Sedan", [
    ["LXS 1.8", "1.8 16V i-VTEC", "honda-r/18", "Flex", "Manual", 2013, 2016],
    ["LXR 2.0 AT", "2.0 16V i-VTEC", "honda-r/20", "Flex", "Automática", 2015, 2016],
  ]),
  car("Honda", "Civic", "G10", "honda-civic", "Sedan", [
    ["EX 2.0 CVT", "2.0 16V i-VTEC", "honda-r/20", "Flex", "CVT", 2017, 2021],
    ["Touring 1.5 Turbo", "1.5 16V Turbo", "honda-l15/15t", "Gasolina", "CVT", 2019, 2021],
  ]),
  car("Honda", "Fit", "G3", "honda-gsp", "Hatch", [
    ["LX 1.5", "1.5 16V i-VTEC", "honda-l15/15", "Flex", "Manual", 2015, 2016],
    ["EX 1.5 CVT", "1.5 16V i-VTEC", "honda-l15/15", "Flex", "CVT", 2017, 2021],
  ]),
  car("Honda", "City", "G5", "honda-gsp", "Sedan", [
    ["EX 1.5 CVT", "1.5 16V i-VTEC", "honda-l15/15", "Flex", "CVT", 2017, 2021],
  ]),
  car("Honda", "HR-V", "G1", "honda-gsp", "SUV", [
    ["EX 1.8 CVT", "1.8 16V i-VTEC", "honda-r/18", "Flex", "CVT", 2017, 2021],
    ["Touring 1.5 Turbo", "1.5 16V Turbo", "honda-l15/15t", "Gasolina", "CVT", 2020, 2022],
  ]),

  car("Hyundai", "HB20", "G1", "hyundai-hb20", "Hatch", [
    ["Comfort 1.0", "1.0 12V", "hyundai-kappa/10", "Flex", "Manual", 2015, 2019],
    ["Premium 1.6 AT", "1.6 16V", "hyundai-gamma/16", "Flex", "Automática", 2016, 2018],
  ]),
  car("Hyundai", "HB20", "G2", "hyundai-hb20", "Hatch", [
    ["Sense 1.0", "1.0 12V", "hyundai-kappa/10", "Flex", "Manual", 2020, 2024],
    ["Platinum 1.0 TGDI", "1.0 12V Turbo", "hyundai-kappa/10t", "Flex", "Automática", 2022, 2024],
  ]),
  car("Hyundai", "Creta", "G1", "hyundai-creta", "SUV", [
    ["Pulse 1.6 AT", "1.6 16V", "hyundai-gamma/16", "Flex", "Automática", 2017, 2021],
    ["Prestige 2.0 AT", "2.0 16V", "hyundai-nu/20", "Flex", "Automática", 2019, 2021],
  ]),
  car("Hyundai", "Tucson", "G1", "hyundai-tucson", "SUV", [
    ["GLS 2.0 AT", "2.0 16V", "hyundai-beta/20", "Flex", "Automática", 2012, 2016],
  ]),

  car("Jeep", "Renegade", null, "fca-small-wide", "SUV", [
    ["Sport 1.8 AT", "1.8 16V E.torQ", "fiat-etorq/18", "Flex", "Automática", 2017, 2021],
    [
      "Longitude 2.0 Diesel 4x4",
      "2.0 16V Turbo Diesel",
      "fca-multijet/20",
      "Diesel",
      "Automática",
      2018,
      2021,
    ],
    ["Longitude 1.3 T270", "1.3 16V Turbo", "fca-t270/13", "Flex", "Automática", 2022, 2024],
  ]),
  car("Jeep", "Compass", null, "fca-small-wide", "SUV", [
    [
      "Longitude 2.0 Flex",
      "2.0 16V Tigershark",
      "fca-tigershark/20",
      "Flex",
      "Automática",
      2017,
      2021,
    ],
    [
      "Limited 2.0 Diesel 4x4",
      "2.0 16V Turbo Diesel",
      "fca-multijet/20",
      "Diesel",
      "Automática",
      2020,
      2024,
    ],
    ["Longitude T270 1.3", "1.3 16V Turbo", "fca-t270/13", "Flex", "Automática", 2022, 2024],
  ]),

  car("Nissan", "March", null, "nissan-v", "Hatch", [
    ["S 1.0", "1.0 12V", "nissan-hr/10", "Flex", "Manual", 2015, 2019],
    ["SV 1.6 CVT", "1.6 16V", "nissan-hr/16", "Flex", "CVT", 2018, 2020],
  ]),
  car("Nissan", "Versa", null, "nissan-v", "Sedan", [
    ["SV 1.6", "1.6 16V", "nissan-hr/16", "Flex", "Manual", 2016, 2020],
    ["Advance 1.6 CVT", "1.6 16V", "nissan-hr/16", "Flex", "CVT", 2021, 2024],
  ]),
  car("Nissan", "Kicks", null, "nissan-v", "SUV", [
    ["SL 1.6 CVT", "1.6 16V", "nissan-hr/16", "Flex", "CVT", 2020, 2024],
  ]),
  car("Nissan", "Frontier", "D23", "nissan-d23", "Pickup", [
    [
      "LE 2.3 Bi-Turbo CD 4x4",
      "2.3 16V Bi-Turbo Diesel",
      "nissan-ys23/23",
      "Diesel",
      "Automática",
      2020,
      2024,
    ],
  ]),

  car("Peugeot", "208", "G1", "psa-pf1", "Hatch", [
    ["Active 1.5", "1.5 8V", "psa-tu3/15", "Flex", "Manual", 2014, 2016],
    ["Active 1.2 PureTech", "1.2 12V PureTech", "psa-eb2/12", "Flex", "Manual", 2017, 2020],
    ["Griffe 1.6 AT", "1.6 16V", "psa-ec5/16", "Flex", "Automática", 2016, 2019],
  ]),
  car("Peugeot", "208", "G2", "stellantis-cmp", "Hatch", [
    ["Like 1.0", "1.0 6V Firefly", "fiat-firefly/10", "Flex", "Manual", 2023, 2024],
    ["Active 1.6 AT", "1.6 16V", "psa-ec5/16", "Flex", "Automática", 2021, 2024],
    ["e-208 GT", "Elétrico 136 cv", "psa-ev/136", "Elétrico", "Automática", 2022, 2024],
  ]),
  car("Peugeot", "2008", "G1", "psa-pf1", "SUV", [
    ["Allure 1.6 AT", "1.6 16V", "psa-ec5/16", "Flex", "Automática", 2017, 2021],
    ["Griffe THP 1.6", "1.6 16V Turbo THP", "psa-ep6/16t", "Flex", "Automática", 2018, 2021],
  ]),

  car("Citroën", "C3", "G2", "psa-pf1", "Hatch", [
    ["Tendance 1.5", "1.5 8V", "psa-tu3/15", "Flex", "Manual", 2014, 2016],
    ["Tendance 1.2 PureTech", "1.2 12V PureTech", "psa-eb2/12", "Flex", "Manual", 2017, 2021],
    ["Exclusive 1.6 AT", "1.6 16V", "psa-ec5/16", "Flex", "Automática", 2015, 2017],
  ]),
  car("Citroën", "C3", "G3", "stellantis-cmp", "Hatch", [
    ["Feel 1.0", "1.0 6V Firefly", "fiat-firefly/10", "Flex", "Manual", 2023, 2024],
    ["Feel Pack 1.6 AT", "1.6 16V", "psa-ec5/16", "Flex", "Automática", 2023, 2024],
  ]),

  car("Mitsubishi", "L200 Triton", null, "mitsubishi-l200", "Pickup", [
    [
      "HPE 3.2 CD 4x4 AT",
      "3.2 16V Turbo Diesel",
      "mitsubishi-4m41/32",
      "Diesel",
      "Automática",
      2013,
      2016,
    ],
  ]),
  car("Mitsubishi", "L200 Triton Sport", null, "mitsubishi-l200", "Pickup", [
    [
      "HPE-S 2.4 CD 4x4 AT",
      "2.4 16V Turbo Diesel",
      "mitsubishi-4n15/24",
      "Diesel",
      "Automática",
      2020,
      2024,
    ],
  ]),

  moto("Honda", "CG 160", "honda-cg", [
    ["Fan", "160cc OHC", "honda-cg160", "Flex", "Manual", 2020, 2024],
  ]),
  moto("Honda", "Biz", "honda-biz", [
    ["125 Flex", "125cc OHC", "honda-biz125", "Flex", "Manual", 2020, 2024],
  ]),
  moto("Yamaha", "Fazer 250", "yamaha-fazer250", [
    ["YS 250 Blueflex", "250cc SOHC", "yamaha-250", "Flex", "Manual", 2014, 2017],
    ["FZ25 ABS", "250cc SOHC", "yamaha-250", "Flex", "Manual", 2020, 2024],
  ]),

  truck("Mercedes-Benz", "Accelo", "mb-accelo", [
    ["1016", "OM 924 LA 4.8", "mb-om924", "Diesel", "Manual", 2017, 2020],
    ["1017", "OM 924 LA 4.8", "mb-om924", "Diesel", "Manual", 2021, 2024],
  ]),
  truck("Mercedes-Benz", "Atego", "mb-atego", [
    ["2426 6x2", "OM 926 LA 7.2", "mb-om926", "Diesel", "Manual", 2020, 2024],
  ]),
  truck("Volvo", "FH 540", "volvo-fh", [
    ["6x4 I-Shift", "D13C 13.0", "volvo-d13", "Diesel", "Automática", 2020, 2024],
  ]),
  truck("Scania", "R 450", "scania-ngs", [
    ["6x2 Opticruise", "DC13 13.0", "scania-dc13", "Diesel", "Automática", 2020, 2024],
  ]),
  truck("Ford", "Cargo", "ford-cargo", [
    ["816", "Cummins ISF 3.8", "cummins-isf/38", "Diesel", "Manual", 2015, 2019],
    ["1719", "Cummins ISB 6.7", "cummins-isb/67", "Diesel", "Manual", 2017, 2019],
  ]),
];

export type VehicleSeed = {
  brand: string;
  model: string;
  generation: string | null;
  year: number;
  version: string;
  engine: string;
  fuel: Fuel;
  transmission: Transmission;
  bodyType: BodyType | null;
  vehicleType: VehicleType;
  /** Not stored: only used to decide which parts fit. */
  platform: string;
  engineFamily: string;
};

/** One vehicle row per model year of every version. */
export function buildVehicles(): VehicleSeed[] {
  const vehicles: VehicleSeed[] = [];
  for (const gen of GENERATIONS) {
    for (const [
      version,
      engine,
      engineFamily,
      fuel,
      transmission,
      firstYear,
      lastYear,
    ] of gen.versions) {
      for (let year = firstYear; year <= lastYear; year++) {
        vehicles.push({
          brand: gen.brand,
          model: gen.model,
          generation: gen.generation,
          year,
          version,
          engine,
          fuel,
          transmission,
          bodyType: gen.bodyType,
          vehicleType: gen.vehicleType,
          platform: gen.platform,
          engineFamily,
        });
      }
    }
  }
  return vehicles;
}

// ---------------------------------------------------------------------------------------------
// Parts
// ---------------------------------------------------------------------------------------------

export type FitmentSeed = {
  /** Index into the array returned by buildVehicles(). */
  vehicleIndex: number;
  notes: string | null;
  position: "dianteiro" | "traseiro" | null;
  side: "esquerdo" | "direito" | null;
  yearFrom: number;
  yearTo: number;
};

export type AlternativeCodeSeed = { code: string; description: string | null };

export type PartSeed = {
  code: string;
  name: string;
  description: string;
  category: CategoryName;
  manufacturer: string;
  imageUrl: string | null;
  mercadoLivreLink: string | null;
  alternativeCodes: AlternativeCodeSeed[];
  fitments: FitmentSeed[];
};

/** mulberry32: a tiny seeded PRNG, enough for demo data that must come out the same every run. */
export function mulberry32(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;

const pick = <T>(random: Random, items: ArrayLike<T>): T =>
  items[Math.floor(random() * items.length)]!;

const DIGITS = "0123456789";
const LETTERS = "ABCDEFGHJKLMNPRSTUVWXYZ";

/** Fills a code pattern: `#` a digit, `@` a letter, `*` a digit or letter; anything else is kept. */
function fillPattern(random: Random, pattern: string): string {
  let out = "";
  for (const char of pattern) {
    if (char === "#") out += pick(random, DIGITS);
    else if (char === "@") out += pick(random, LETTERS);
    else if (char === "*") out += pick(random, DIGITS + LETTERS);
    else out += char;
  }
  return out;
}

/** Original-equipment part number shapes, by the vehicle maker that issues them. */
const OE_PATTERNS: Record<string, readonly string[]> = {
  Volkswagen: ["5U0######@", "6R0######", "2G0######@", "6Q0######@"],
  Fiat: ["5#######", "4#######", "55######"],
  Chevrolet: ["52######", "93######", "94######"],
  Ford: ["@@@@-#####-@@", "@@@@-####-@"],
  Renault: ["#########R", "77########", "82########"],
  Toyota: ["#####-0@###", "#####-#####"],
  Honda: ["#####-@#@-@##", "#####-@@@-###"],
  Hyundai: ["#####-#@@##", "#####-*****"],
  Jeep: ["########@@", "5#######"],
  Nissan: ["@####-#@@#@", "#####-#@@#@"],
  Peugeot: ["16########", "98########"],
  Citroën: ["16########", "98########"],
  Mitsubishi: ["####@###"],
  Yamaha: ["@##-@####-##", "###-#####-##"],
  "Mercedes-Benz": ["A000#######", "A###########"],
  Volvo: ["2#######"],
  Scania: ["1######", "2######"],
};

type Maker = { name: string; patterns: readonly string[]; pool?: readonly string[] };

const maker = (name: string, ...patterns: string[]): Maker => ({ name, patterns });

type PartLine = {
  name: string;
  category: CategoryName;
  /** What one part of the line fits: a chassis platform, an engine series or one exact engine. */
  scope: "platform" | "engineSeries" | "engine";
  makers: readonly Maker[];
  /** Most makers carrying this line for one family. */
  maxMakers: number;
  /** Chance that one family has this line in the demo catalogue. */
  coverage: number;
  vehicleTypes?: readonly VehicleType[];
  fits?: (vehicle: VehicleSeed) => boolean;
  position?: "dianteiro" | "traseiro";
  /** One part per side (esquerdo/direito). */
  sided?: boolean;
  notes?: readonly string[];
  /** Opening of the description; the maker and the application follow. */
  summary: string;
};

/** "vw-ea211/10t" → "vw-ea211". */
const engineSeries = (v: VehicleSeed) => v.engineFamily.split("/")[0]!;

const burnsFuel = (v: VehicleSeed) => v.fuel !== "Elétrico";
const sparkIgnition = (v: VehicleSeed) => v.fuel !== "Elétrico" && v.fuel !== "Diesel";
const manualGearbox = (v: VehicleSeed) => v.transmission === "Manual";
/** Engines with a timing belt (the rest use a chain or gears and need no belt kit). */
const timingBelt = (v: VehicleSeed) =>
  /^(vw-ea111|vw-ea211|gm-spe4|gm-csr|gm-ecotec-18|fiat-fire|fiat-etorq|renault-(d4d|k4m|f4r)|ford-(sigma|fox|dragon)|psa-(tu3|ec5|eb2)|fca-multijet|mitsubishi-4b11)/.test(
    v.engineFamily,
  );

/** Real NGK plug references, shared between engines as they are in the NGK catalogue. */
// BKR6E is a curated part of its own (see CURATED_PARTS).
const NGK_PLUGS = [
  "BKR5EZ",
  "BKR6EZ",
  "BPR6ES",
  "ILZKR7B11",
  "LZKAR6AP-11",
  "DILKAR7G11GS",
  "IZFR6K11",
  "ZFR6F-11",
  "PLKR7A",
];
const NGK_MOTO_PLUGS = ["CPR8EA-9", "DPR8EA-9", "CR7HSA", "CPR7EA-9", "DR8EA"];

export const PART_LINES: readonly PartLine[] = [
  // Freios
  {
    name: "Pastilha de Freio Dianteira",
    category: "Freios",
    scope: "platform",
    position: "dianteiro",
    makers: [
      maker("Cobreq", "N-1###", "N-###"),
      maker("TRW", "GDB####"),
      maker("Fras-le", "PD/###", "PD/1###"),
      maker("Bosch", "BB ###", "BB 1###"),
      maker("Syl", "SYL ####"),
    ],
    maxMakers: 2,
    coverage: 0.8,
    vehicleTypes: ["carros", "motos"],
    notes: ["Eixo dianteiro", "Sistema Teves", "Sistema Bosch", "Com sensor de desgaste"],
    summary:
      "Jogo de pastilhas de freio dianteiras com composto de baixa emissão de ruído e poeira",
  },
  {
    name: "Disco de Freio Dianteiro",
    category: "Freios",
    scope: "platform",
    position: "dianteiro",
    makers: [
      maker("Fremax", "BD####"),
      maker("Hipper Freios", "HF ###", "HF ##@"),
      maker("TRW", "RPDF####"),
    ],
    maxMakers: 2,
    coverage: 0.25,
    notes: ["Disco ventilado", "Disco sólido", "Vendido em par"],
    summary: "Disco de freio dianteiro com tratamento anticorrosivo",
  },
  {
    name: "Sapata de Freio Traseira",
    category: "Freios",
    scope: "platform",
    position: "traseiro",
    makers: [maker("Fras-le", "FI/###"), maker("Cobreq", "N-2###")],
    maxMakers: 1,
    coverage: 0.25,
    vehicleTypes: ["carros", "motos"],
    notes: ["Freio a tambor", "Eixo traseiro"],
    summary: "Jogo de sapatas de freio traseiras com lona colada",
  },
  {
    name: "Cilindro de Roda Traseiro",
    category: "Freios",
    scope: "platform",
    position: "traseiro",
    makers: [maker("Controil", "C-####"), maker("TRW", "RCCR####")],
    maxMakers: 1,
    coverage: 0.12,
    summary: "Cilindro de roda do freio traseiro a tambor",
  },
  {
    name: "Lona de Freio",
    category: "Freios",
    scope: "platform",
    makers: [maker("Fras-le", "FTL/####"), maker("Cobreq", "CT-####")],
    maxMakers: 2,
    coverage: 1,
    vehicleTypes: ["caminhoes"],
    notes: ["Eixo dianteiro", "Eixo traseiro", "Jogo para uma roda"],
    summary: "Lona de freio para caminhão, com furação original",
  },

  // Suspensão
  {
    name: "Amortecedor Dianteiro",
    category: "Suspensão",
    scope: "platform",
    position: "dianteiro",
    makers: [
      maker("Nakata", "HG 3####", "HG 4####"),
      maker("Cofap", "GP3####", "GB2####"),
      maker("Monroe", "SP ####"),
    ],
    maxMakers: 2,
    coverage: 0.45,
    vehicleTypes: ["carros", "motos", "caminhoes"],
    notes: ["Pressurizado a gás", "Bitubo hidráulico", "Vendido por unidade"],
    summary: "Amortecedor dianteiro pressurizado, com calibragem equivalente à original",
  },
  {
    name: "Amortecedor Traseiro",
    category: "Suspensão",
    scope: "platform",
    position: "traseiro",
    makers: [
      maker("Nakata", "HG 3####", "HG 4####"),
      maker("Cofap", "GP3####", "MB4####"),
      maker("Monroe", "SP ####"),
    ],
    maxMakers: 1,
    coverage: 0.25,
    vehicleTypes: ["carros", "motos"],
    notes: ["Pressurizado a gás", "Vendido por unidade"],
    summary: "Amortecedor traseiro com haste cromada e vedação de dupla ação",
  },
  {
    name: "Bandeja de Suspensão Dianteira",
    category: "Suspensão",
    scope: "platform",
    position: "dianteiro",
    sided: true,
    makers: [maker("Nakata", "N #####"), maker("Viemar", "######"), maker("TRW", "JTC####")],
    maxMakers: 1,
    coverage: 0.1,
    notes: ["Com pivô e buchas", "Sem pivô"],
    summary: "Bandeja (balança) da suspensão dianteira com buchas montadas",
  },
  {
    name: "Bieleta da Barra Estabilizadora",
    category: "Suspensão",
    scope: "platform",
    position: "dianteiro",
    makers: [maker("Nakata", "N #####"), maker("Viemar", "######"), maker("Axios", "###.####")],
    maxMakers: 1,
    coverage: 0.15,
    summary: "Bieleta da barra estabilizadora dianteira com terminais esféricos",
  },
  {
    name: "Pivô de Suspensão",
    category: "Suspensão",
    scope: "platform",
    position: "dianteiro",
    makers: [maker("Nakata", "N #####"), maker("Viemar", "######"), maker("TRW", "JBJ####")],
    maxMakers: 1,
    coverage: 0.12,
    summary: "Pivô inferior da suspensão dianteira",
  },
  {
    name: "Kit Batente e Coifa do Amortecedor",
    category: "Suspensão",
    scope: "platform",
    position: "dianteiro",
    makers: [maker("Sampel", "SKA ####"), maker("Axios", "###.####")],
    maxMakers: 1,
    coverage: 0.12,
    summary: "Kit com batente, coifa e coxim superior do amortecedor dianteiro",
  },

  // Direção
  {
    name: "Terminal de Direção",
    category: "Direção",
    scope: "platform",
    position: "dianteiro",
    sided: true,
    makers: [maker("Nakata", "N #####"), maker("TRW", "JTE####"), maker("Viemar", "######")],
    maxMakers: 1,
    coverage: 0.12,
    vehicleTypes: ["carros", "caminhoes"],
    summary: "Terminal de direção forjado com pino esférico e coifa de borracha",
  },
  {
    name: "Barra Axial de Direção",
    category: "Direção",
    scope: "platform",
    position: "dianteiro",
    makers: [maker("Nakata", "N #####"), maker("TRW", "JAR####")],
    maxMakers: 1,
    coverage: 0.12,
    notes: ["Direção hidráulica", "Direção elétrica", "Direção mecânica"],
    summary: "Barra axial da caixa de direção",
  },
  {
    name: "Coifa da Caixa de Direção",
    category: "Direção",
    scope: "platform",
    makers: [maker("Sampel", "####"), maker("Borflex", "BF ####")],
    maxMakers: 1,
    coverage: 0.08,
    summary: "Coifa (sanfona) de proteção da caixa de direção",
  },

  // Transmissão
  {
    name: "Junta Homocinética Fixa",
    category: "Transmissão",
    scope: "platform",
    position: "dianteiro",
    makers: [maker("Nakata", "NJH##-###"), maker("SKF", "VKJA ####"), maker("Vetor", "VT-####")],
    maxMakers: 1,
    coverage: 0.25,
    notes: ["Lado roda", "Com ABS", "Sem ABS"],
    summary: "Junta homocinética fixa lado roda, com coifa, abraçadeiras e graxa",
  },
  {
    name: "Coxim do Câmbio",
    category: "Transmissão",
    scope: "platform",
    makers: [maker("Sampel", "####"), maker("Axios", "###.####")],
    maxMakers: 1,
    coverage: 0.08,
    summary: "Coxim de sustentação do câmbio em borracha vulcanizada",
  },
  {
    name: "Kit Relação (Coroa, Pinhão e Corrente)",
    category: "Transmissão",
    scope: "platform",
    makers: [maker("Vaz", "KR####"), maker("Riffel", "######")],
    maxMakers: 2,
    coverage: 1,
    vehicleTypes: ["motos"],
    summary: "Kit relação com coroa, pinhão e corrente com retentor",
  },

  // Filtros
  {
    name: "Filtro de Óleo",
    category: "Filtros",
    scope: "engineSeries",
    makers: [
      maker("Mann-Filter", "W ###/##", "W ###"),
      maker("Tecfil", "PSL###", "PSL##"),
      maker("Wega", "WO-###", "WO-###/1"),
      maker("Fram", "PH####"),
    ],
    maxMakers: 2,
    coverage: 0.5,
    vehicleTypes: ["carros", "motos", "caminhoes"],
    fits: burnsFuel,
    summary: "Filtro de óleo blindado com válvula antirretorno",
  },
  {
    name: "Filtro de Ar do Motor",
    category: "Filtros",
    scope: "platform",
    makers: [
      maker("Mann-Filter", "C ####", "C ## ###"),
      maker("Tecfil", "ARL####"),
      maker("Wega", "FAP-####"),
    ],
    maxMakers: 1,
    coverage: 0.55,
    vehicleTypes: ["carros", "motos", "caminhoes"],
    fits: burnsFuel,
    summary: "Elemento filtrante de ar do motor em papel celulósico",
  },
  {
    name: "Filtro de Combustível",
    category: "Filtros",
    scope: "engineSeries",
    makers: [
      maker("Mann-Filter", "WK ##", "WK ###"),
      maker("Tecfil", "GI##/7", "PSC###"),
      maker("Wega", "FCI-####"),
    ],
    maxMakers: 1,
    coverage: 0.25,
    vehicleTypes: ["carros", "caminhoes"],
    fits: burnsFuel,
    notes: ["Motores flex", "Linha de retorno"],
    summary: "Filtro de combustível com elemento de alta retenção",
  },
  {
    name: "Filtro de Ar-Condicionado (Cabine)",
    category: "Filtros",
    scope: "platform",
    makers: [maker("Mann-Filter", "CU ####"), maker("Tecfil", "ACP###"), maker("Wega", "AKX-####")],
    maxMakers: 1,
    coverage: 0.3,
    notes: ["Veículos com ar-condicionado", "Com carvão ativado"],
    summary: "Filtro de cabine que retém pólen e poeira do ar-condicionado",
  },

  // Ignição
  {
    name: "Vela de Ignição",
    category: "Ignição",
    scope: "engineSeries",
    makers: [
      { name: "NGK", patterns: [], pool: NGK_PLUGS },
      maker("Bosch", "F000KE0P##", "FR#KPP33+", "0242###5##"),
    ],
    maxMakers: 2,
    coverage: 0.55,
    fits: sparkIgnition,
    summary: "Vela de ignição com eletrodo de níquel e folga calibrada de fábrica",
  },
  {
    name: "Vela de Ignição",
    category: "Ignição",
    scope: "engineSeries",
    makers: [{ name: "NGK", patterns: [], pool: NGK_MOTO_PLUGS }],
    maxMakers: 1,
    coverage: 1,
    vehicleTypes: ["motos"],
    summary: "Vela de ignição para motocicleta",
  },
  {
    name: "Bobina de Ignição",
    category: "Ignição",
    scope: "engineSeries",
    makers: [
      maker("Bosch", "F 000 ZS0 ###"),
      maker("Magneti Marelli", "BI0###MM"),
      maker("NGK", "U####"),
    ],
    maxMakers: 1,
    coverage: 0.25,
    fits: sparkIgnition,
    summary: "Bobina de ignição com conector original",
  },
  {
    name: "Jogo de Cabos de Vela",
    category: "Ignição",
    scope: "engine",
    makers: [maker("NGK", "SC-@##"), maker("Bosch", "F 000 99C ###")],
    maxMakers: 1,
    coverage: 0.3,
    fits: (v) => sparkIgnition(v) && /\b8V\b/.test(v.engine),
    summary: "Jogo de cabos de vela com supressão de interferência",
  },

  // Motor
  {
    name: "Kit Correia Dentada",
    category: "Motor",
    scope: "engine",
    makers: [maker("Gates", "K0#####"), maker("Contitech", "CT####K1"), maker("Dayco", "KTB###")],
    maxMakers: 1,
    coverage: 0.35,
    fits: timingBelt,
    notes: ["Troca recomendada a cada 60.000 km", "Com tensor"],
    summary: "Kit de correia dentada com tensor e polia",
  },
  {
    name: "Correia Poly-V de Acessórios",
    category: "Motor",
    scope: "engine",
    makers: [
      maker("Gates", "6PK####", "5PK####"),
      maker("Contitech", "6PK####"),
      maker("Dayco", "6PK####"),
    ],
    maxMakers: 1,
    coverage: 0.12,
    vehicleTypes: ["carros", "caminhoes"],
    fits: burnsFuel,
    notes: [
      "Veículos com ar-condicionado",
      "Veículos sem ar-condicionado",
      "Com direção hidráulica",
    ],
    summary: "Correia Poly-V do alternador e acessórios",
  },
  {
    name: "Junta do Cabeçote",
    category: "Motor",
    scope: "engine",
    makers: [maker("Sabó", "8####"), maker("Taranto", "######")],
    maxMakers: 1,
    coverage: 0.06,
    fits: burnsFuel,
    summary: "Junta do cabeçote multicamadas em aço (MLS)",
  },
  {
    name: "Coxim do Motor",
    category: "Motor",
    scope: "platform",
    makers: [maker("Sampel", "####"), maker("Axios", "###.####")],
    maxMakers: 1,
    coverage: 0.12,
    fits: burnsFuel,
    notes: ["Lado direito", "Coxim hidráulico"],
    summary: "Coxim de sustentação do motor",
  },

  // Arrefecimento
  {
    name: "Radiador",
    category: "Arrefecimento",
    scope: "platform",
    makers: [
      maker("Valeo", "73####"),
      maker("Magneti Marelli", "350213###000"),
      maker("Visconde", "1####"),
    ],
    maxMakers: 1,
    coverage: 0.25,
    vehicleTypes: ["carros", "caminhoes"],
    fits: burnsFuel,
    notes: ["Com ar-condicionado", "Sem ar-condicionado", "Câmbio automático"],
    summary: "Radiador de alumínio com tanques em poliamida",
  },
  {
    name: "Bomba d'Água",
    category: "Arrefecimento",
    scope: "engineSeries",
    makers: [maker("Urba", "UB ####"), maker("SKF", "VKPC #####"), maker("Indisa", "IN####")],
    maxMakers: 1,
    coverage: 0.2,
    vehicleTypes: ["carros", "caminhoes"],
    fits: burnsFuel,
    summary: "Bomba d'água com rotor metálico e junta",
  },
  {
    name: "Válvula Termostática",
    category: "Arrefecimento",
    scope: "engineSeries",
    makers: [maker("Wahler", "####.##D"), maker("MTE-Thomson", "VT###.##")],
    maxMakers: 1,
    coverage: 0.12,
    fits: burnsFuel,
    summary: "Válvula termostática com carcaça e sensor",
  },
  {
    name: "Reservatório de Expansão",
    category: "Arrefecimento",
    scope: "platform",
    makers: [maker("Valeo", "RE####"), maker("Plastiron", "####")],
    maxMakers: 1,
    coverage: 0.08,
    fits: burnsFuel,
    summary: "Reservatório de expansão do líquido de arrefecimento, com tampa",
  },

  // Elétrica
  {
    name: "Alternador",
    category: "Elétrica",
    scope: "engineSeries",
    makers: [
      maker("Bosch", "F 000 BL0 ###"),
      maker("Valeo", "TG##C###"),
      maker("Magneti Marelli", "AMA####"),
    ],
    maxMakers: 1,
    coverage: 0.12,
    vehicleTypes: ["carros", "caminhoes"],
    fits: burnsFuel,
    notes: ["90A", "120A", "Com regulador de tensão"],
    summary: "Alternador novo com regulador de tensão e polia",
  },
  {
    name: "Motor de Partida",
    category: "Elétrica",
    scope: "engineSeries",
    makers: [maker("Bosch", "F 000 AL0 ###"), maker("Valeo", "D7E##")],
    maxMakers: 1,
    coverage: 0.1,
    vehicleTypes: ["carros", "caminhoes"],
    fits: burnsFuel,
    summary: "Motor de partida novo com solenoide",
  },
  {
    name: "Sonda Lambda",
    category: "Elétrica",
    scope: "engineSeries",
    makers: [maker("Bosch", "0 258 0## ###"), maker("NGK", "OZA###-@@#")],
    maxMakers: 1,
    coverage: 0.12,
    fits: sparkIgnition,
    notes: ["Pré-catalisador", "Pós-catalisador"],
    summary: "Sonda lambda aquecida de quatro fios",
  },
  {
    name: "Bomba de Combustível Elétrica",
    category: "Elétrica",
    scope: "engineSeries",
    makers: [maker("Bosch", "F 000 TE1 ###"), maker("Magneti Marelli", "MAM000##")],
    maxMakers: 1,
    coverage: 0.08,
    fits: sparkIgnition,
    summary: "Bomba de combustível elétrica de alta vazão, compatível com etanol",
  },

  // Embreagem
  {
    name: "Kit de Embreagem",
    category: "Embreagem",
    scope: "engine",
    makers: [
      maker("Sachs", "6###", "3000 ### ###"),
      maker("LuK", "6## #### ##"),
      maker("Valeo", "826###"),
    ],
    maxMakers: 1,
    coverage: 0.55,
    vehicleTypes: ["carros", "caminhoes"],
    fits: manualGearbox,
    notes: ["Com rolamento", "Com atuador hidráulico", "Câmbio manual"],
    summary: "Kit de embreagem com platô, disco e rolamento",
  },
  {
    name: "Atuador Hidráulico de Embreagem",
    category: "Embreagem",
    scope: "engine",
    makers: [maker("LuK", "510 ####10"), maker("Sachs", "3182 ### ###"), maker("Valeo", "804###")],
    maxMakers: 1,
    coverage: 0.1,
    fits: manualGearbox,
    summary: "Atuador hidráulico concêntrico (rolamento de embreagem)",
  },
  {
    name: "Cabo de Embreagem",
    category: "Embreagem",
    scope: "platform",
    makers: [maker("Riffel", "######"), maker("Controlflex", "CF####")],
    maxMakers: 1,
    coverage: 1,
    vehicleTypes: ["motos"],
    summary: "Cabo de embreagem com regulagem",
  },
];

type Family = { key: string; vehicleIndexes: number[] };

function groupBy(vehicles: VehicleSeed[], key: (v: VehicleSeed) => string): Family[] {
  const groups = new Map<string, number[]>();
  vehicles.forEach((vehicle, index) => {
    const k = key(vehicle);
    const list = groups.get(k);
    if (list) list.push(index);
    else groups.set(k, [index]);
  });
  return [...groups].map(([k, vehicleIndexes]) => ({ key: k, vehicleIndexes }));
}

/** "Gol G5", "Corolla E210", "CG 160". */
const modelLabel = (v: VehicleSeed) => (v.generation ? `${v.model} ${v.generation}` : v.model);

/** "Volkswagen Gol G5, Gol G6 e Saveiro G7 (2009–2023)"; each brand is named before its first model. */
function applicationSummary(vehicles: VehicleSeed[]): string {
  const labels: string[] = [];
  const seenBrands = new Set<string>();
  for (const label of new Set(vehicles.map((v) => `${v.brand}|${modelLabel(v)}`))) {
    const [brand, model] = label.split("|") as [string, string];
    labels.push(seenBrands.has(brand) ? model : `${brand} ${model}`);
    seenBrands.add(brand);
  }
  const years = vehicles.map((v) => v.year);
  const list =
    labels.length > 1 ? `${labels.slice(0, -1).join(", ")} e ${labels.at(-1)}` : labels[0];
  return `${list} (${Math.min(...years)}–${Math.max(...years)})`;
}

function slug(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
}

const mercadoLivreSearch = (text: string) => `https://lista.mercadolivre.com.br/${slug(text)}`;

/** Codes already given out, per manufacturer, so generated codes never collide with one another. */
class CodeRegistry {
  private readonly taken = new Map<string, Set<string>>();

  reserve(manufacturer: string, code: string): boolean {
    const set = this.taken.get(manufacturer) ?? new Set<string>();
    this.taken.set(manufacturer, set);
    const norm = normalizeSeedCode(code);
    if (set.has(norm)) return false;
    set.add(norm);
    return true;
  }

  fresh(random: Random, manufacturer: string, patterns: readonly string[]): string {
    for (;;) {
      const code = fillPattern(random, pick(random, patterns));
      if (this.reserve(manufacturer, code)) return code;
    }
  }
}

type Draft = Omit<PartSeed, "fitments" | "description"> & {
  fitments: Map<number, FitmentSeed>;
  /** Written once every fitment is known, so it names every vehicle the part fits. */
  describe: (fitted: VehicleSeed[]) => string;
};

/**
 * Parts that the demo pages and the docs name by code ("BR123456", "TRW-BR123", "GDB123",
 * "FL-789-ALT", "NGK-VL345"), plus a few well-known real references, so those searches resolve.
 */
type CuratedPart = Omit<PartSeed, "fitments" | "imageUrl" | "mercadoLivreLink"> & {
  fitsPlatforms?: string[];
  /** Engine families or whole series ("vw-ea211"). */
  fitsEngines?: string[];
  position?: "dianteiro" | "traseiro";
  notes?: string;
  withLink: boolean;
};

const CURATED_PARTS: readonly CuratedPart[] = [
  {
    code: "BR123456",
    name: "Pastilha de Freio Dianteira Cerâmica",
    category: "Freios",
    manufacturer: "Bosch",
    description:
      "Jogo de pastilhas de freio dianteiras de composto cerâmico Bosch, para Gol, Saveiro e SpaceFox (2010–2023). Menos ruído e menos poeira nas rodas.",
    alternativeCodes: [
      { code: "TRW-BR123", description: "Equivalente TRW" },
      { code: "GDB123", description: "Equivalente TRW (linha Lucas)" },
      { code: "5U0698151A", description: "Código original VW" },
    ],
    fitsPlatforms: ["vw-pq24"],
    position: "dianteiro",
    notes: "Eixo dianteiro",
    withLink: true,
  },
  {
    code: "GDB123",
    name: "Pastilha de Freio Dianteira",
    category: "Freios",
    manufacturer: "TRW",
    description:
      "Jogo de pastilhas de freio dianteiras TRW, para Gol, Saveiro e SpaceFox (2010–2023).",
    alternativeCodes: [
      { code: "BR123456", description: "Equivalente Bosch" },
      { code: "5U0698151A", description: "Código original VW" },
    ],
    fitsPlatforms: ["vw-pq24"],
    position: "dianteiro",
    notes: "Sistema Teves",
    withLink: true,
  },
  {
    code: "W 712/95",
    name: "Filtro de Óleo",
    category: "Filtros",
    manufacturer: "Mann-Filter",
    description:
      "Filtro de óleo blindado Mann-Filter com válvula antirretorno, para motores VW EA111 1.0 e 1.6 8V (Gol, SpaceFox).",
    alternativeCodes: [
      { code: "030115561AN", description: "Código original VW" },
      { code: "PSL55", description: "Equivalente Tecfil" },
      { code: "WO-340", description: "Equivalente Wega" },
    ],
    fitsEngines: ["vw-ea111"],
    withLink: true,
  },
  {
    code: "PSL55",
    name: "Filtro de Óleo",
    category: "Filtros",
    manufacturer: "Tecfil",
    description: "Filtro de óleo Tecfil para motores VW EA111 1.0 e 1.6 8V (Gol, SpaceFox).",
    alternativeCodes: [
      { code: "W 712/95", description: "Equivalente Mann-Filter" },
      { code: "030115561AN", description: "Código original VW" },
    ],
    fitsEngines: ["vw-ea111"],
    withLink: true,
  },
  {
    code: "WO-340",
    name: "Filtro de Óleo",
    category: "Filtros",
    manufacturer: "Wega",
    description: "Filtro de óleo Wega para motores VW EA111 1.0 e 1.6 8V (Gol, SpaceFox).",
    alternativeCodes: [{ code: "W 712/95", description: "Equivalente Mann-Filter" }],
    fitsEngines: ["vw-ea111"],
    withLink: false,
  },
  {
    code: "PSL 789",
    name: "Filtro de Óleo",
    category: "Filtros",
    manufacturer: "Tecfil",
    description:
      "Filtro de óleo Tecfil para motores VW EA211 1.0 12V, 1.6 16V MSI e TSI (Gol, Saveiro, Polo, Virtus e T-Cross).",
    alternativeCodes: [
      { code: "FL-789-ALT", description: "Código alternativo do distribuidor" },
      { code: "04E115561H", description: "Código original VW" },
    ],
    fitsEngines: ["vw-ea211"],
    withLink: true,
  },
  {
    code: "F000KE0P32",
    name: "Vela de Ignição",
    category: "Ignição",
    manufacturer: "Bosch",
    description:
      "Vela de ignição Bosch de eletrodo de níquel para motores VW EA211 1.0 12V e 1.6 16V MSI.",
    alternativeCodes: [
      { code: "NGK-VL345", description: "Equivalente NGK" },
      { code: "04E905612C", description: "Código original VW" },
    ],
    fitsEngines: ["vw-ea211/10", "vw-ea211/16"],
    notes: "Jogo com 4 unidades",
    withLink: true,
  },
  {
    code: "BKR6E",
    name: "Vela de Ignição",
    category: "Ignição",
    manufacturer: "NGK",
    description:
      "Vela de ignição NGK BKR6E para motores 8V a gasolina e flex (VW EA111, Fiat Fire, GM SPE/4).",
    alternativeCodes: [{ code: "101000033AA", description: "Código original VW" }],
    fitsEngines: ["vw-ea111", "fiat-fire", "gm-spe4"],
    notes: "Jogo com 4 unidades",
    withLink: true,
  },
  {
    code: "HG 31069",
    name: "Amortecedor Dianteiro",
    category: "Suspensão",
    manufacturer: "Nakata",
    description:
      "Amortecedor dianteiro Nakata pressurizado a gás, para Chevrolet Onix e Prisma (2015–2019).",
    alternativeCodes: [
      { code: "GP32960", description: "Equivalente Cofap" },
      { code: "52046239", description: "Código original GM" },
    ],
    fitsPlatforms: ["gm-gamma2"],
    position: "dianteiro",
    notes: "Pressurizado a gás",
    withLink: true,
  },
  {
    code: "GP32960",
    name: "Amortecedor Dianteiro",
    category: "Suspensão",
    manufacturer: "Cofap",
    description: "Amortecedor dianteiro Cofap Turbogás, para Chevrolet Onix e Prisma (2015–2019).",
    alternativeCodes: [
      { code: "HG 31069", description: "Equivalente Nakata" },
      { code: "52046239", description: "Código original GM" },
    ],
    fitsPlatforms: ["gm-gamma2"],
    position: "dianteiro",
    withLink: false,
  },
];

const DEMO_SEED = 20_240_915;

/** A few hundred parts with cross-reference codes and fitments to the vehicles of buildVehicles(). */
export function buildParts(vehicles: VehicleSeed[]): PartSeed[] {
  const random = mulberry32(DEMO_SEED);
  const registry = new CodeRegistry();
  const drafts: Draft[] = [];
  const byManufacturerCode = new Map<string, Draft>();

  for (const curated of CURATED_PARTS) registry.reserve(curated.manufacturer, curated.code);

  const yearSpanOf = (indexes: number[]) => {
    // Application year range per model generation, as catalogue rows print it ("2013–2019").
    const spans = new Map<string, [number, number]>();
    for (const i of indexes) {
      const v = vehicles[i]!;
      const key = `${v.brand}|${modelLabel(v)}`;
      const span = spans.get(key);
      spans.set(
        key,
        span ? [Math.min(span[0], v.year), Math.max(span[1], v.year)] : [v.year, v.year],
      );
    }
    return (v: VehicleSeed) => spans.get(`${v.brand}|${modelLabel(v)}`)!;
  };

  const addFitments = (
    draft: Draft,
    indexes: number[],
    fitment: {
      position: FitmentSeed["position"];
      side: FitmentSeed["side"];
      note: (v: VehicleSeed) => string | null;
    },
  ) => {
    const spanOf = yearSpanOf(indexes);
    for (const i of indexes) {
      if (draft.fitments.has(i)) continue;
      const v = vehicles[i]!;
      const [yearFrom, yearTo] = spanOf(v);
      draft.fitments.set(i, {
        vehicleIndex: i,
        notes: fitment.note(v),
        position: fitment.position,
        side: fitment.side,
        yearFrom,
        yearTo,
      });
    }
  };

  for (const curated of CURATED_PARTS) {
    const indexes = vehicles.flatMap((v, i) =>
      curated.fitsPlatforms?.includes(v.platform) ||
      curated.fitsEngines?.includes(v.engineFamily) ||
      curated.fitsEngines?.includes(engineSeries(v))
        ? [i]
        : [],
    );
    const draft: Draft = {
      code: curated.code,
      name: curated.name,
      describe: () => curated.description,
      category: curated.category,
      manufacturer: curated.manufacturer,
      imageUrl: null,
      mercadoLivreLink: curated.withLink
        ? mercadoLivreSearch(`${curated.name} ${curated.manufacturer} ${curated.code}`)
        : null,
      alternativeCodes: curated.alternativeCodes,
      fitments: new Map(),
    };
    addFitments(draft, indexes, {
      position: curated.position ?? null,
      side: null,
      note: () => curated.notes ?? null,
    });
    drafts.push(draft);
    byManufacturerCode.set(`${curated.manufacturer}|${normalizeSeedCode(curated.code)}`, draft);
  }

  const families = {
    platform: groupBy(vehicles, (v) => v.platform),
    engineSeries: groupBy(vehicles, engineSeries),
    engine: groupBy(vehicles, (v) => v.engineFamily),
  };

  for (const line of PART_LINES) {
    const allowedTypes = line.vehicleTypes ?? ["carros"];
    for (const family of families[line.scope]) {
      const indexes = family.vehicleIndexes.filter((i) => {
        const v = vehicles[i]!;
        return allowedTypes.includes(v.vehicleType) && (line.fits?.(v) ?? true);
      });
      if (indexes.length === 0 || random() >= line.coverage) continue;

      const vehicleMaker = vehicles[indexes[0]!]!.brand;
      const makerCount = 1 + Math.floor(random() * line.maxMakers);
      const makers = shuffle(random, line.makers).slice(0, makerCount);
      const spareMaker = line.makers.find((m) => !makers.includes(m));
      const lineNote = line.notes && random() < 0.6 ? pick(random, line.notes) : null;
      const sides = line.sided ? (["esquerdo", "direito"] as const) : ([null] as const);

      for (const side of sides) {
        const oeCode = fillPattern(
          random,
          pick(random, OE_PATTERNS[vehicleMaker] ?? ["##########"]),
        );
        const offers = makers.map((m) => ({
          maker: m,
          code: codeFor(random, registry, m, byManufacturerCode, line.name),
        }));
        const spare =
          spareMaker && spareMaker.patterns.length > 0
            ? {
                maker: spareMaker,
                code: registry.fresh(random, spareMaker.name, spareMaker.patterns),
              }
            : undefined;

        for (const offer of offers) {
          const key = `${offer.maker.name}|${normalizeSeedCode(offer.code)}`;
          let draft = byManufacturerCode.get(key);
          if (!draft) {
            const sideLabel = side ? ` ${side === "esquerdo" ? "Esquerda" : "Direita"}` : "";
            const name = `${line.name}${sideLabel}`;
            const candidates: AlternativeCodeSeed[] = [
              { code: oeCode, description: `Código original ${vehicleMaker}` },
              ...offers
                .filter((o) => o !== offer)
                .map((o) => ({ code: o.code, description: `Equivalente ${o.maker.name}` })),
              ...(spare
                ? [{ code: spare.code, description: `Equivalente ${spare.maker.name}` }]
                : []),
            ];
            draft = {
              code: offer.code,
              name,
              describe: (fitted) => describeGenerated(line, side, fitted),
              category: line.category,
              manufacturer: offer.maker.name,
              imageUrl: null,
              mercadoLivreLink:
                random() < 0.7
                  ? mercadoLivreSearch(`${name} ${offer.maker.name} ${offer.code}`)
                  : null,
              alternativeCodes: distinctCodes(candidates, offer.code).slice(
                0,
                alternativeCodeCount(random),
              ),
              fitments: new Map(),
            };
            drafts.push(draft);
            byManufacturerCode.set(key, draft);
          }
          addFitments(draft, indexes, {
            position: line.position ?? null,
            side,
            note: (v) =>
              line.scope === "platform"
                ? lineNote
                : [`Motor ${v.engine}`, lineNote].filter(Boolean).join(" — "),
          });
        }
      }
    }
  }

  return drafts.map(({ fitments, describe, ...part }) => {
    const fitted = [...fitments.values()];
    return {
      ...part,
      description: describe(fitted.map((f) => vehicles[f.vehicleIndex]!)),
      fitments: fitted,
    };
  });
}

/** "Filtro de óleo blindado .... Aplicação: motor 1.6 16V SCe — Renault Sandero G2 e Logan G2 (2017–2022)." */
function describeGenerated(
  line: PartLine,
  side: FitmentSeed["side"],
  fitted: VehicleSeed[],
): string {
  const sideText = side ? `, lado ${side}` : "";
  const engines = [...new Set(fitted.map((v) => v.engine))];
  const target = line.scope === "platform" ? "" : `motor ${engines.join(" / ")} — `;
  return `${line.summary}${sideText}. Aplicação: ${target}${applicationSummary(fitted)}.`;
}

/**
 * A maker's code for one line and family. Makers with a fixed pool (NGK plugs) reuse a
 * reference: the same plug then simply fits more engines, as it does in the real catalogue.
 */
function codeFor(
  random: Random,
  registry: CodeRegistry,
  m: Maker,
  existing: Map<string, Draft>,
  lineName: string,
): string {
  if (m.pool) {
    const code = pick(random, m.pool);
    const draft = existing.get(`${m.name}|${normalizeSeedCode(code)}`);
    if (!draft || draft.name === lineName) {
      registry.reserve(m.name, code);
      return code;
    }
  }
  return registry.fresh(random, m.name, m.patterns.length > 0 ? m.patterns : ["@@####"]);
}

/** Drops codes that normalise to the part's own code or to one already listed. */
function distinctCodes(codes: AlternativeCodeSeed[], ownCode: string): AlternativeCodeSeed[] {
  const seen = new Set([normalizeSeedCode(ownCode)]);
  return codes.filter(({ code }) => {
    const norm = normalizeSeedCode(code);
    if (seen.has(norm)) return false;
    seen.add(norm);
    return true;
  });
}

/** 0–4 cross-reference codes, most parts having one or two. */
function alternativeCodeCount(random: Random): number {
  const r = random();
  if (r < 0.1) return 0;
  if (r < 0.4) return 1;
  if (r < 0.7) return 2;
  if (r < 0.88) return 3;
  return 4;
}

function shuffle<T>(random: Random, items: readonly T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

export function buildCatalogue(): { vehicles: VehicleSeed[]; parts: PartSeed[] } {
  const vehicles = buildVehicles();
  return { vehicles, parts: buildParts(vehicles) };
}
