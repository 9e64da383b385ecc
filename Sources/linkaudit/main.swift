import LinkAudit
print("linkaudit")
