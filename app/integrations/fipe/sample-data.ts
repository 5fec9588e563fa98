/**
 * A small, realistic slice of the FIPE table for the local simulator: brand and model names and
 * codes in FIPE's own style, so the import parses what the real API sends. About 300 vehicle
 * records in all, so a full import of one type takes well under a minute even when throttled.
 *
 * Year codes are `<model year>-<fuel code>`; 32000 is FIPE's "Zero KM" (the current model year).
 * Fuel codes: 1 Gasolina, 2 Álcool (etanol), 3 Diesel, 4 Elétrico, 5 Flex, 6 Híbrido. Like the
 * real table, flex and hybrid cars are listed under 1 (Gasolina): their name says the truth.
 */

import type { FipeVehicleType } from "./types";

export const ZERO_KM_YEAR = 32000;

/** FIPE's fuel names and acronyms by fuel code. */
export const FUEL_NAMES: Record<number, { name: string; acronym: string }> = {
  1: { name: "Gasolina", acronym: "G" },
  2: { name: "Álcool", acronym: "A" },
  3: { name: "Diesel", acronym: "D" },
  4: { name: "Elétrico", acronym: "E" },
  5: { name: "Flex", acronym: "F" },
  6: { name: "Híbrido", acronym: "H" },
};

export type SampleModel = {
  codigo: number;
  nome: string;
  codigoFipe: string;
  /** Price in reais of the newest model year; older years lose 8 % a year. */
  price: number;
  firstYear: number;
  lastYear: number;
  fuelCode: number;
  /** Also listed as "Zero KM" (year 32000). */
  zeroKm?: boolean;
};

export type SampleBrand = { codigo: string; nome: string; models: SampleModel[] };

const model = (
  codigo: number,
  nome: string,
  codigoFipe: string,
  price: number,
  [firstYear, lastYear]: [number, number],
  fuelCode = 1,
  zeroKm = false,
): SampleModel => ({ codigo, nome, codigoFipe, price, firstYear, lastYear, fuelCode, zeroKm });

const GASOLINA = 1;
const DIESEL = 3;

export const REFERENCE_MONTH = "outubro de 2025";

export const FIPE_SAMPLE: Record<FipeVehicleType, SampleBrand[]> = {
  carros: [
    {
      codigo: "6",
      nome: "Audi",
      models: [
        model(6750, "A3 Sedan 1.4 TFSI Flex Tiptronic 4p", "008197-3", 110_000, [2017, 2020]),
      ],
    },
    {
      codigo: "13",
      nome: "Citroën",
      models: [
        model(6195, "C3 Tendance 1.6 VTi Flex Start 16V Aut.", "006208-1", 55_000, [2017, 2019]),
        model(7889, "C4 Cactus FEEL 1.6 Flex Aut.", "006216-2", 82_000, [2019, 2022]),
      ],
    },
    {
      codigo: "21",
      nome: "Fiat",
      models: [
        model(4876, "Uno Vivace 1.0 EVO Fire Flex 8V 5p", "001408-7", 35_000, [2014, 2016]),
        model(4150, "Palio Attractive 1.0 Fire Flex 8V 5p", "001389-7", 33_000, [2013, 2015]),
        model(8229, "Argo DRIVE 1.0 6V Flex", "001480-0", 68_000, [2019, 2022]),
        model(8950, "Cronos DRIVE 1.3 8V Flex", "001487-7", 78_000, [2020, 2022]),
        model(9219, "Strada Freedom 1.3 Flex 8V CD", "001499-0", 98_000, [2021, 2023]),
        model(7727, "Toro Freedom 1.8 16V Flex Aut.", "001470-2", 105_000, [2018, 2021]),
        model(7546, "Mobi LIKE 1.0 Fire Flex 5p.", "001461-3", 48_000, [2018, 2020]),
        model(4919, "Grand Siena ATTRACTIVE 1.4 Evo F.Flex 8V", "001418-4", 42_000, [2014, 2016]),
      ],
    },
    {
      codigo: "22",
      nome: "Ford",
      models: [
        model(7072, "Ka 1.0 SE/SE Plus TiVCT Flex 5p", "003436-3", 45_000, [2016, 2019]),
        model(7076, "Ka Sedan SE 1.5 16V Flex 4p", "003437-1", 52_000, [2016, 2019]),
        model(5024, "Fiesta 1.6 16V Flex Mec. 5p", "003399-5", 42_000, [2014, 2017]),
        model(6047, "EcoSport FREESTYLE 1.6 16V Flex 5p", "003418-5", 60_000, [2014, 2017]),
        model(
          5785,
          "Ranger XLT 3.2 20V 4x4 CD Diesel Aut.",
          "003414-2",
          145_000,
          [2015, 2018],
          DIESEL,
        ),
      ],
    },
    {
      codigo: "23",
      nome: "GM - Chevrolet",
      models: [
        model(6402, "Onix HATCH LT 1.0 12V Flex 5p Mec.", "004466-0", 58_000, [2017, 2019]),
        model(9202, "Onix HATCH Premier 1.0 12V TB Flex Aut.", "004510-1", 92_000, [2020, 2023]),
        model(9207, "ONIX SEDAN Plus LTZ 1.0 12V TB Flex Aut.", "004511-0", 95_000, [2020, 2023]),
        model(
          5988,
          "S10 Pick-Up LTZ 2.8 4x4 CD Diesel Aut.",
          "004419-8",
          150_000,
          [2017, 2019],
          DIESEL,
        ),
        model(
          9398,
          "Tracker Premier 1.2 Turbo 12V Flex Aut.",
          "004521-7",
          135_000,
          [2021, 2023],
          GASOLINA,
          true,
        ),
        model(6122, "Cruze LT 1.4 16V Turbo Flex 4p Aut.", "004463-5", 98_000, [2017, 2020]),
        model(5471, "Spin LTZ 1.8 8V Econo.Flex 5p Aut.", "004427-9", 62_000, [2015, 2017]),
      ],
    },
    {
      codigo: "25",
      nome: "Honda",
      models: [
        model(7130, "Civic Sedan EXL 2.0 Flex 16V Aut. 4p", "014084-7", 110_000, [2017, 2021]),
        model(6830, "Fit EX 1.5 Flex/Flexone 16V 5p Aut.", "014077-4", 70_000, [2017, 2020]),
        model(7060, "HR-V EX 1.8 Flexone 16V 5p Aut.", "014083-9", 95_000, [2017, 2020]),
        model(8000, "City Sedan EX 1.5 Flex 16V 4p Aut.", "014090-1", 80_000, [2018, 2021]),
      ],
    },
    {
      codigo: "26",
      nome: "Hyundai",
      models: [
        model(6451, "HB20 Comfort Plus 1.0 Flex 12V", "015097-4", 45_000, [2015, 2018]),
        model(6470, "HB20S Premium 1.6 Flex 16V Aut. 4p", "015098-2", 58_000, [2015, 2018]),
        model(7805, "CRETA Pulse 1.6 16V Flex Aut.", "015128-8", 90_000, [2017, 2021]),
        model(5170, "Tucson GLS 2.0 16V Flex Aut.", "015072-9", 62_000, [2013, 2016]),
      ],
    },
    {
      codigo: "29",
      nome: "Jeep",
      models: [
        model(7367, "Renegade Sport 1.8 4x2 Flex 16V Aut.", "017021-5", 85_000, [2017, 2020]),
        model(7699, "Compass LONGITUDE 2.0 4x2 Flex 16V Aut.", "017026-6", 120_000, [2017, 2021]),
        model(
          7702,
          "Compass LIMITED 2.0 4x4 Diesel 16V Aut.",
          "017028-2",
          160_000,
          [2017, 2021],
          DIESEL,
        ),
      ],
    },
    {
      codigo: "31",
      nome: "Kia Motors",
      models: [
        model(6200, "Sportage EX 2.0 16V Flex Aut.", "027180-1", 75_000, [2015, 2018]),
        model(5800, "Cerato SX 1.6 16V Flex Aut.", "027171-2", 60_000, [2015, 2018]),
      ],
    },
    {
      codigo: "41",
      nome: "Mitsubishi",
      models: [
        model(
          6962,
          "L200 Triton Sport HPE 2.4 CD Diesel Aut.",
          "022187-1",
          150_000,
          [2018, 2021],
          DIESEL,
        ),
        model(5712, "ASX 2.0 16V 160cv Aut.", "022168-5", 65_000, [2015, 2018]),
      ],
    },
    {
      codigo: "43",
      nome: "Nissan",
      models: [
        model(7630, "Kicks SV 1.6 16V Flexstar 5p Aut.", "023135-4", 85_000, [2017, 2021]),
        model(5581, "March S 1.0 12V Flex 5p", "023114-1", 38_000, [2016, 2019]),
        model(6580, "Versa SV 1.6 16V Flex 4p Aut.", "023120-6", 55_000, [2016, 2019]),
        model(
          7283,
          "Frontier XE CD 4x4 2.3 Bi-TB Diesel Aut.",
          "023132-0",
          150_000,
          [2017, 2021],
          DIESEL,
        ),
      ],
    },
    {
      codigo: "44",
      nome: "Peugeot",
      models: [
        model(6215, "208 Active 1.6 Flex 16V 5p Mec.", "024203-8", 48_000, [2016, 2019]),
        model(6219, "2008 Griffe 1.6 Flex 16V 5p Aut.", "024205-4", 68_000, [2016, 2019]),
      ],
    },
    {
      codigo: "48",
      nome: "Renault",
      models: [
        model(5864, "SANDERO Expression Flex 1.0 12V 5p", "025228-9", 42_000, [2016, 2019]),
        model(5867, "LOGAN Expression Flex 1.6 8V", "025230-0", 44_000, [2015, 2018]),
        model(6939, "DUSTER Dynamique 1.6 Flex 16V Mec.", "025243-2", 68_000, [2017, 2020]),
        model(7998, "KWID Zen 1.0 Flex 12V 5p Mec.", "025257-2", 45_000, [2018, 2022]),
        model(8450, "Captur Intense 1.6 16V Flex 5p X-Tronic", "025261-0", 85_000, [2018, 2021]),
      ],
    },
    {
      codigo: "56",
      nome: "Toyota",
      models: [
        model(6148, "Corolla XEi 2.0 Flex 16V Aut.", "002104-4", 92_000, [2016, 2019]),
        model(6147, "Corolla GLi 1.8 Flex 16V Aut.", "002103-6", 82_000, [2016, 2019]),
        model(9131, "Corolla Altis Premium Hybrid 1.8 16V Aut.", "002175-3", 150_000, [2020, 2023]),
        model(6505, "Etios HB X 1.3 Flex 16V 5p Mec.", "002111-7", 45_000, [2016, 2019]),
        model(
          7100,
          "Hilux CD SRV 4x4 2.8 TDI Diesel Aut.",
          "002140-0",
          190_000,
          [2016, 2020],
          DIESEL,
        ),
      ],
    },
    {
      codigo: "59",
      nome: "VW - VolksWagen",
      models: [
        model(4405, "Gol 1.0 Mi Total Flex 8V 4p", "005340-6", 38_000, [2014, 2016]),
        model(8460, "Polo 1.0 Flex 12V 5p", "005465-8", 72_000, [2019, 2022]),
        model(8463, "Polo Highline 200 TSI 1.0 Flex Aut.", "005467-4", 98_000, [2020, 2023]),
        model(8471, "Virtus Highline 200 TSI 1.0 Flex Aut.", "005469-0", 105_000, [2020, 2023]),
        model(9068, "T-Cross Comfortline 200 TSI 1.0 Flex Aut.", "005484-4", 120_000, [2020, 2023]),
        model(
          5547,
          "AMAROK High.CD 2.0 16V TDI 4x4 Dies. Aut",
          "005347-3",
          140_000,
          [2014, 2016],
          DIESEL,
        ),
        model(7799, "Saveiro Robust 1.6 Total Flex 16V CS", "005439-9", 78_000, [2019, 2022]),
        model(6120, "SPACEFOX Trendline 1.6 Total Flex 8V 5p", "005400-3", 46_000, [2015, 2017]),
      ],
    },
  ],
  motos: [
    {
      codigo: "80",
      nome: "Honda",
      models: [
        model(7154, "CG 160 FAN ESDi/ Flex", "811092-3", 13_000, [2017, 2020]),
        model(8302, "CB 500F", "811119-9", 33_000, [2018, 2021]),
        model(7601, "BIZ 125 EX/ Flex", "811098-2", 12_000, [2017, 2020]),
        model(7158, "XRE 300/ XRE 300 Rally/ Flex", "811094-0", 22_000, [2016, 2019]),
      ],
    },
    {
      codigo: "85",
      nome: "Kawasaki",
      models: [
        model(8710, "NINJA 400", "814024-5", 32_000, [2019, 2021]),
        model(9105, "Z 400", "814028-8", 30_000, [2020, 2021]),
      ],
    },
    {
      codigo: "99",
      nome: "Suzuki",
      models: [
        model(6330, "GSR 750A", "817041-1", 38_000, [2015, 2017]),
        model(7842, "V-Strom 650 XT ABS", "817053-5", 42_000, [2017, 2019]),
      ],
    },
    {
      codigo: "101",
      nome: "Yamaha",
      models: [
        model(7230, "FAZER YS 250/ BlueFlex", "827067-0", 17_000, [2016, 2019]),
        model(6110, "YBR 125 FACTOR ED/K/ E/ BlueFlex", "827054-8", 10_000, [2015, 2018]),
        model(7675, "XTZ 250 LANDER/ BlueFlex", "827072-7", 19_000, [2017, 2020]),
      ],
    },
  ],
  caminhoes: [
    {
      codigo: "109",
      nome: "Mercedes-Benz",
      models: [
        model(7240, "Accelo 1016 2p (diesel)(E5)", "509256-7", 230_000, [2017, 2020], DIESEL),
        model(7812, "Atego 2430 6x2 2p (diesel)(E5)", "509271-0", 420_000, [2018, 2021], DIESEL),
        model(6880, "Axor 2544 6x2 2p (diesel)(E5)", "509248-6", 480_000, [2016, 2019], DIESEL),
      ],
    },
    {
      codigo: "112",
      nome: "Scania",
      models: [
        model(7920, "R-450 A 6x2 2p (diesel)(E5)", "512175-3", 650_000, [2018, 2021], DIESEL),
      ],
    },
    {
      codigo: "114",
      nome: "Volvo",
      models: [
        model(7511, "FH 540 6x4 2p (diesel)(E5)", "515182-2", 780_000, [2018, 2021], DIESEL),
        model(6970, "VM 270 4x2 2p (diesel)(E5)", "515170-9", 380_000, [2016, 2019], DIESEL),
      ],
    },
    {
      codigo: "116",
      nome: "VW - VolksWagen",
      models: [
        model(
          7633,
          "Constellation 24.280 6x2 2p (diesel)(E5)",
          "516183-6",
          470_000,
          [2018, 2021],
          DIESEL,
        ),
        model(8021, "Delivery 9.170 2p (diesel)(E5)", "516192-5", 260_000, [2018, 2021], DIESEL),
      ],
    },
  ],
};
