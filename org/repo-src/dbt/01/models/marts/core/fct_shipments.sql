select * from {{ ref('stg_shipments') }}
