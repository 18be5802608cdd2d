-- Gross profit per shipment, from invoice lines (revenue minus costs, EUR).
select
    shipment_id,
    sum(case when line_type = 'REV' then amount_eur else 0 end) as revenue_eur,
    sum(case when line_type = 'COST' then amount_eur else 0 end) as cost_eur,
    sum(case when line_type = 'REV' then amount_eur else -amount_eur end) as gross_profit_eur
from {{ ref('fct_invoice_lines') }}
group by shipment_id
