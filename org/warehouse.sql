-- Harborline warehouse: a small local mirror of the marts schema (Snowflake in production).
-- Built into org/warehouse.sqlite by `python -m sourcefinder.org_setup`.
-- Timestamps are UTC; fct_milestones.event_local_ts is port-local time.
-- Cancelled bookings stay in fct_shipments with status CXL.

CREATE TABLE dim_customer (
    customer_id   TEXT PRIMARY KEY,
    customer_name TEXT NOT NULL,
    tier          TEXT NOT NULL CHECK (tier IN ('Anchor', 'Harbor', 'Dock')),
    region        TEXT NOT NULL,
    account_owner TEXT NOT NULL
);

CREATE TABLE fct_shipments (
    shipment_id     TEXT PRIMARY KEY,
    booking_ref     TEXT NOT NULL,
    customer_id     TEXT NOT NULL REFERENCES dim_customer (customer_id),
    mode            TEXT NOT NULL CHECK (mode IN ('OCEAN', 'AIR', 'DRAYAGE')),
    status          TEXT NOT NULL,
    origin_unlocode TEXT NOT NULL,
    origin_port     TEXT NOT NULL,
    dest_unlocode   TEXT NOT NULL,
    dest_port       TEXT NOT NULL,
    carrier_scac    TEXT,
    teu             REAL,
    chargeable_kg   REAL,
    booked_at       TEXT NOT NULL,
    promised_at     TEXT,
    delivered_at    TEXT
);

CREATE TABLE fct_milestones (
    shipment_id       TEXT NOT NULL REFERENCES fct_shipments (shipment_id),
    event_code        TEXT NOT NULL,
    event_ts          TEXT NOT NULL,
    event_local_ts    TEXT NOT NULL,
    location_unlocode TEXT NOT NULL,
    source            TEXT NOT NULL
);

CREATE TABLE fct_invoice_lines (
    invoice_id  TEXT NOT NULL,
    shipment_id TEXT NOT NULL REFERENCES fct_shipments (shipment_id),
    line_type   TEXT NOT NULL CHECK (line_type IN ('REV', 'COST')),
    charge_code TEXT NOT NULL,
    amount_eur  REAL NOT NULL,
    billed_currency TEXT NOT NULL,  -- the billing entity's currency; amount_eur is converted
    posted_at   TEXT NOT NULL
);

CREATE VIEW fct_shipment_margin AS
SELECT shipment_id,
       SUM(CASE WHEN line_type = 'REV' THEN amount_eur ELSE 0 END) AS revenue_eur,
       SUM(CASE WHEN line_type = 'COST' THEN amount_eur ELSE 0 END) AS cost_eur,
       SUM(CASE WHEN line_type = 'REV' THEN amount_eur ELSE -amount_eur END) AS gross_profit_eur
FROM fct_invoice_lines
GROUP BY shipment_id;

INSERT INTO dim_customer VALUES
    ('C-1001', 'Nordvik Foods', 'Anchor', 'EU', 'Elena Petrova'),
    ('C-1002', 'Kestrel Home Goods', 'Anchor', 'US', 'Marcus Reed'),
    ('C-1003', 'Baltic Reefer Lines', 'Harbor', 'EU', 'Elena Petrova'),
    ('C-1004', 'Sunfield Apparel', 'Harbor', 'APAC', 'Wei Zhang'),
    ('C-1005', 'Tidewater Tools', 'Dock', 'US', 'inside sales');

INSERT INTO fct_shipments VALUES
    ('HL-SHP-2291701', 'BKG-88101', 'C-1002', 'OCEAN', 'DELIVERED', 'CNSHA', 'Shanghai', 'USCHI', 'Chicago', 'MAEU', 2, NULL, '2026-07-02T08:00:00Z', '2026-08-10T00:00:00Z', '2026-08-09T15:20:00Z'),
    ('HL-SHP-2291702', 'BKG-88102', 'C-1002', 'OCEAN', 'DELIVERED', 'CNNGB', 'Ningbo', 'USLAX', 'Los Angeles', 'HLCU', 4, NULL, '2026-07-05T09:30:00Z', '2026-08-05T00:00:00Z', '2026-08-07T11:00:00Z'),
    ('HL-SHP-2291703', 'BKG-88103', 'C-1001', 'OCEAN', 'IN_TRANSIT', 'NLRTM', 'Rotterdam', 'USNYC', 'New York', 'CMDU', 2, NULL, '2026-08-20T10:00:00Z', '2026-09-25T00:00:00Z', NULL),
    ('HL-SHP-2291704', 'BKG-88104', 'C-1001', 'AIR', 'DELIVERED', 'NLAMS', 'Amsterdam', 'SGSIN', 'Singapore', NULL, NULL, 840, '2026-08-11T07:00:00Z', '2026-08-14T00:00:00Z', '2026-08-13T18:40:00Z'),
    ('HL-SHP-2291705', 'BKG-88105', 'C-1003', 'OCEAN', 'DELIVERED', 'NLRTM', 'Rotterdam', 'GBFXT', 'Felixstowe', 'MAEU', 1, NULL, '2026-07-14T12:00:00Z', '2026-07-20T00:00:00Z', '2026-07-19T09:00:00Z'),
    ('HL-SHP-2291706', 'BKG-88106', 'C-1004', 'OCEAN', 'CXL', 'SGSIN', 'Singapore', 'NLRTM', 'Rotterdam', 'HLCU', 2, NULL, '2026-07-21T03:00:00Z', NULL, NULL),
    ('HL-SHP-2291707', 'BKG-88107', 'C-1004', 'AIR', 'DELIVERED', 'SGSIN', 'Singapore', 'DEFRA', 'Frankfurt', NULL, NULL, 1260, '2026-07-28T05:00:00Z', '2026-07-31T00:00:00Z', '2026-08-01T10:10:00Z'),
    ('HL-SHP-2291708', 'BKG-88108', 'C-1005', 'DRAYAGE', 'DELIVERED', 'USCHI', 'Chicago', 'USCHI', 'Chicago', NULL, 2, NULL, '2026-08-09T14:00:00Z', '2026-08-11T00:00:00Z', '2026-08-10T16:00:00Z'),
    ('HL-SHP-2291709', 'BKG-88109', 'C-1002', 'OCEAN', 'IN_TRANSIT', 'CNSHA', 'Shanghai', 'USLAX', 'Los Angeles', 'MAEU', 4, NULL, '2026-09-01T02:00:00Z', '2026-10-06T00:00:00Z', NULL),
    ('HL-SHP-2291710', 'BKG-88110', 'C-1001', 'OCEAN', 'BOOKED', 'DEHAM', 'Hamburg', 'USCHS', 'Charleston', 'HLCU', 2, NULL, '2026-09-18T10:00:00Z', '2026-10-30T00:00:00Z', NULL),
    ('HL-SHP-2291734', 'BKG-88134', 'C-1001', 'OCEAN', 'ON_HOLD', 'CNSHA', 'Shanghai', 'NLRTM', 'Rotterdam', 'CMDU', 2, NULL, '2026-08-25T06:00:00Z', '2026-10-02T00:00:00Z', NULL);

INSERT INTO fct_milestones VALUES
    ('HL-SHP-2291701', 'BKD', '2026-07-02T08:05:00Z', '2026-07-02T16:05:00+08:00', 'CNSHA', 'booking-service'),
    ('HL-SHP-2291701', 'GIN', '2026-07-08T01:10:00Z', '2026-07-08T09:10:00+08:00', 'CNSHA', 'edi-315'),
    ('HL-SHP-2291701', 'DEP', '2026-07-10T22:00:00Z', '2026-07-11T06:00:00+08:00', 'CNSHA', 'carrier-api'),
    ('HL-SHP-2291701', 'ARR', '2026-08-03T14:00:00Z', '2026-08-03T07:00:00-07:00', 'USLAX', 'carrier-api'),
    ('HL-SHP-2291701', 'DLV', '2026-08-09T15:20:00Z', '2026-08-09T10:20:00-05:00', 'USCHI', 'driver-app'),
    ('HL-SHP-2291703', 'DEP', '2026-08-29T18:00:00Z', '2026-08-29T20:00:00+02:00', 'NLRTM', 'edi-315'),
    ('HL-SHP-2291705', 'DEP', '2026-07-16T20:00:00Z', '2026-07-16T22:00:00+02:00', 'NLRTM', 'carrier-api'),
    ('HL-SHP-2291705', 'ARR', '2026-07-17T09:00:00Z', '2026-07-17T10:00:00+01:00', 'GBFXT', 'carrier-api'),
    ('HL-SHP-2291734', 'CHD', '2026-09-30T08:00:00Z', '2026-09-30T10:00:00+02:00', 'NLRTM', 'customs-bridge');

INSERT INTO fct_invoice_lines VALUES
    ('INV-70001', 'HL-SHP-2291701', 'REV', 'OFR', 6400, 'USD', '2026-08-12'),
    ('INV-70001', 'HL-SHP-2291701', 'COST', 'OFR', 5100, 'USD', '2026-08-12'),
    ('INV-70001', 'HL-SHP-2291701', 'REV', 'DET', 450, 'USD', '2026-08-12'),
    ('INV-70002', 'HL-SHP-2291702', 'REV', 'OFR', 11800, 'USD', '2026-08-10'),
    ('INV-70002', 'HL-SHP-2291702', 'COST', 'OFR', 10900, 'USD', '2026-08-10'),
    ('INV-70004', 'HL-SHP-2291704', 'REV', 'AFR', 3900, 'EUR', '2026-08-15'),
    ('INV-70004', 'HL-SHP-2291704', 'COST', 'AFR', 3150, 'EUR', '2026-08-15'),
    ('INV-70005', 'HL-SHP-2291705', 'REV', 'OFR', 1450, 'EUR', '2026-07-22'),
    ('INV-70005', 'HL-SHP-2291705', 'COST', 'OFR', 1520, 'EUR', '2026-07-22'),
    ('INV-70007', 'HL-SHP-2291707', 'REV', 'AFR', 5200, 'EUR', '2026-08-03'),
    ('INV-70007', 'HL-SHP-2291707', 'COST', 'AFR', 4300, 'EUR', '2026-08-03'),
    ('INV-70008', 'HL-SHP-2291708', 'REV', 'DRY', 780, 'USD', '2026-08-12'),
    ('INV-70008', 'HL-SHP-2291708', 'COST', 'DRY', 610, 'USD', '2026-08-12');
