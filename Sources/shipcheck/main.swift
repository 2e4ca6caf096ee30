print("shipcheck")
