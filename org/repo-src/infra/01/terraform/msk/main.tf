# The MSK cluster size we run per environment: 3 brokers of kafka.m5.large in prod.
resource "aws_msk_cluster" "main" {
  cluster_name           = "harborline-${var.env}"
  kafka_version          = "3.6.0"
  number_of_broker_nodes = 3
  broker_node_group_info {
    instance_type = "kafka.m5.large"
  }
}
